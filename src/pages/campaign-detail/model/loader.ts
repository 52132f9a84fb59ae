import { campaignQueries } from '@/entities/campaign';
import { searchNumber, type PageLoad } from '@/shared/lib';

/** Starts loading the campaign while the page's code loads. */
export const prefetch = ({ queryClient, params }: PageLoad<unknown, { campanaId: string }>) => {
  const id = searchNumber(params.campanaId);
  if (id !== undefined) void queryClient.prefetchQuery(campaignQueries.detail(id));
};
