import { lazyRouteComponent } from '@tanstack/react-router';

export const PlansPage = lazyRouteComponent(() => import('./ui/plans-page'), 'PlansPage');
