import { campaignQueries } from '@/entities/campaign';
import { sponsorQueries } from '@/entities/sponsor';
import type { PageLoad } from '@/shared/lib';
import { campaignsListParams, type CampaignsSearch } from './search';

/** Starts loading the grid while the page's code loads, and the sponsors when one is chosen (its name shows in the filter). */
export const prefetch = ({ queryClient, search }: PageLoad<CampaignsSearch, unknown>) => {
  void queryClient.prefetchQuery(campaignQueries.list(campaignsListParams(search)));
  if (search.sponsor !== undefined) void queryClient.prefetchQuery(sponsorQueries.options());
};
