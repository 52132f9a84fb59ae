import { countryQueries } from '@/entities/country';
import { sponsorQueries } from '@/entities/sponsor';
import type { PageLoad } from '@/shared/lib';
import { sponsorsListParams, type SponsorsSearch } from './search';

/** Starts loading the grid while the page's code loads, and the countries when one is chosen (its label shows in the filter). */
export const prefetch = ({ queryClient, search }: PageLoad<SponsorsSearch, unknown>) => {
  void queryClient.prefetchQuery(sponsorQueries.list(sponsorsListParams(search)));
  if (search.country !== undefined) void queryClient.prefetchQuery(countryQueries.options());
};
