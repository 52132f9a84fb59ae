import type { QueryClient } from '@tanstack/react-query';
import { campaignQueries } from '@/entities/campaign';
import { sponsorQueries } from '@/entities/sponsor';
import { searchNumber } from '@/shared/lib';
import { sponsorCampaignsParams, type SponsorDetailSearch } from './search';

/** Starts loading the sponsor and its campaigns while the page's code loads. */
export const prefetchSponsorDetail = (queryClient: QueryClient, sponsorId: string, search: SponsorDetailSearch) => {
  const id = searchNumber(sponsorId);
  if (id === undefined) return;
  void queryClient.prefetchQuery(sponsorQueries.detail(id));
  void queryClient.prefetchQuery(campaignQueries.list(sponsorCampaignsParams(id, search)));
};
