import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { sponsorsSearchSchema } from './model/search';

/** The sponsors grid's route: its search, its prefetch (loaded on demand) and its lazy page. */
export const sponsorsRoute = pageRoute({
  validateSearch: sponsorsSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/sponsors-page'), 'SponsorsPage'),
});
