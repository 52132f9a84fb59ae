import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { bookingsSearchSchema } from './model/search';

/** 'Agendamientos': its search, its prefetch (loaded on demand) and its lazy page. */
export const bookingsRoute = pageRoute({
  validateSearch: bookingsSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/bookings-page'), 'BookingsPage'),
});
