import type { QueryClient } from '@tanstack/react-query';
import { campaignQueries } from '@/entities/campaign';
import { searchNumber } from '@/shared/lib';

/** Starts loading the campaign while the page's code loads. */
export const prefetchCampaignDetail = (queryClient: QueryClient, campaignId: string) => {
  const id = searchNumber(campaignId);
  if (id !== undefined) void queryClient.prefetchQuery(campaignQueries.detail(id));
};
