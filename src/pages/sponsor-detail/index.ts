import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { sponsorDetailSearchSchema } from './model/search';

/** A sponsor's page: its search, its prefetch (loaded on demand) and its lazy page. */
export const sponsorDetailRoute = pageRoute({
  validateSearch: sponsorDetailSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/sponsor-detail-page'), 'SponsorDetailPage'),
});
