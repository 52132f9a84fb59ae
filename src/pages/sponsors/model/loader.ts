import type { QueryClient } from '@tanstack/react-query';
import { sponsorQueries } from '@/entities/sponsor';
import { sponsorsListParams, type SponsorsSearch } from './search';

/** Starts loading the grid while the page's code loads; failures show on the page itself. */
export const prefetchSponsors = (queryClient: QueryClient, search: SponsorsSearch) =>
  queryClient.prefetchQuery(sponsorQueries.list(sponsorsListParams(search)));
