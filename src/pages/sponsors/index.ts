import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SponsorsSearch } from './model/search';

export const SponsorsPage = lazyRouteComponent(() => import('./ui/sponsors-page'), 'SponsorsPage');
export { sponsorsSearchSchema, type SponsorsSearch } from './model/search';

/** The route loader: loaded on demand, so the sign-in pages do not carry the sponsor code. */
export const prefetchSponsorsPage = (queryClient: QueryClient, search: SponsorsSearch) =>
  void import('./model/loader').then(({ prefetchSponsors }) => prefetchSponsors(queryClient, search));
