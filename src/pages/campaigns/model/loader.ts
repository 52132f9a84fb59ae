import type { QueryClient } from '@tanstack/react-query';
import { campaignQueries } from '@/entities/campaign';
import { campaignsListParams, type CampaignsSearch } from './search';

/** Starts loading the grid while the page's code loads. */
export const prefetchCampaigns = (queryClient: QueryClient, search: CampaignsSearch) =>
  queryClient.prefetchQuery(campaignQueries.list(campaignsListParams(search)));
