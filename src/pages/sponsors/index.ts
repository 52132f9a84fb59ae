import { lazyRouteComponent } from '@tanstack/react-router';

export const SponsorsPage = lazyRouteComponent(() => import('./ui/sponsors-page'), 'SponsorsPage');
