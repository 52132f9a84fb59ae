import { sponsorQueries } from '@/entities/sponsor';
import type { PageLoad } from '@/shared/lib';
import { sponsorsListParams, type SponsorsSearch } from './search';

/** Starts loading the grid while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<SponsorsSearch, unknown>) => {
  void queryClient.prefetchQuery(sponsorQueries.list(sponsorsListParams(search)));
};
