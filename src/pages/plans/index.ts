import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { plansSearchSchema } from './model/search';

/** Every campaign's plans: the route's search, its prefetch (loaded on demand) and its lazy page. */
export const plansRoute = pageRoute({
  validateSearch: plansSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/plans-page'), 'PlansPage'),
});
