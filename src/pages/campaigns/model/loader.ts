import { campaignQueries } from '@/entities/campaign';
import type { PageLoad } from '@/shared/lib';
import { campaignsListParams, type CampaignsSearch } from './search';

/** Starts loading the grid while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<CampaignsSearch, unknown>) => {
  void queryClient.prefetchQuery(campaignQueries.list(campaignsListParams(search)));
};
