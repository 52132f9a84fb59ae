import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SponsorDetailSearch } from './model/search';

export const SponsorDetailPage = lazyRouteComponent(() => import('./ui/sponsor-detail-page'), 'SponsorDetailPage');
export { sponsorDetailSearchSchema, type SponsorDetailSearch } from './model/search';

/** The route loader: loaded on demand, so the sign-in pages do not carry the sponsor code. */
export const prefetchSponsorDetailPage = (queryClient: QueryClient, sponsorId: string, search: SponsorDetailSearch) =>
  void import('./model/loader').then(({ prefetchSponsorDetail }) => prefetchSponsorDetail(queryClient, sponsorId, search));
