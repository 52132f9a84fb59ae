import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { plansSearchSchema } from './model/search';

/** Every campaign's plans: the route's search and its lazy page. */
export const plansRoute = pageRoute({
  validateSearch: plansSearchSchema,
  component: lazyRouteComponent(() => import('./ui/plans-page'), 'PlansPage'),
});
