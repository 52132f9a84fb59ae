import { lazyRouteComponent } from '@tanstack/react-router';

export const SponsorDetailPage = lazyRouteComponent(() => import('./ui/sponsor-detail-page'), 'SponsorDetailPage');
