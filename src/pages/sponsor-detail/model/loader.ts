import { campaignQueries } from '@/entities/campaign';
import { sponsorQueries } from '@/entities/sponsor';
import { searchNumber, type PageLoad } from '@/shared/lib';
import { sponsorCampaignsParams, type SponsorDetailSearch } from './search';

/** Starts loading the sponsor and its campaigns while the page's code loads. */
export const prefetch = ({ queryClient, params, search }: PageLoad<SponsorDetailSearch, { sponsorId: string }>) => {
  const id = searchNumber(params.sponsorId);
  if (id === undefined) return;
  void queryClient.prefetchQuery(sponsorQueries.detail(id));
  void queryClient.prefetchQuery(campaignQueries.list(sponsorCampaignsParams(id, search)));
};
