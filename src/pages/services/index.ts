import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { servicesSearchSchema } from './model/search';

/** Every campaign's services: the route's search, its prefetch (loaded on demand) and its lazy page. */
export const servicesRoute = pageRoute({
  validateSearch: servicesSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/services-page'), 'ServicesPage'),
});
