import { queryOptions } from '@tanstack/react-query';
import { fetchCampaignCategories } from './campaign-category.api';

/**
 * Query keys and options for campaign categories. The campaign page reads them from the campaign's
 * detail (`categories`), so a write invalidates that detail as well as these.
 */
export const campaignCategoryQueries = {
  all: () => ['campaign-categories'] as const,
  lists: () => [...campaignCategoryQueries.all(), 'list'] as const,
  campaignList: (campaignId: number) =>
    queryOptions({
      queryKey: [...campaignCategoryQueries.lists(), campaignId] as const,
      queryFn: ({ signal }) => fetchCampaignCategories(campaignId, {}, signal),
    }),
  details: () => [...campaignCategoryQueries.all(), 'detail'] as const,
  detail: (id: number) => ({ queryKey: [...campaignCategoryQueries.details(), id] as const }),
};
