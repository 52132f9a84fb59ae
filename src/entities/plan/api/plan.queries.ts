import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchCampaignPlans, fetchPlan, fetchPlans } from './plan.api';

/**
 * Query keys and options for plans. The campaign page reads its plans from the campaign's detail,
 * so a plan write invalidates that detail as well as `lists()` and the plan's `detail`.
 */
export const planQueries = {
  all: () => ['plans'] as const,
  lists: () => [...planQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...planQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchPlans(params, signal),
      placeholderData: keepPreviousData,
    }),
  campaignList: (campaignId: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...planQueries.lists(), 'campaign', campaignId, params] as const,
      queryFn: ({ signal }) => fetchCampaignPlans(campaignId, params, signal),
    }),
  details: () => [...planQueries.all(), 'detail'] as const,
  detail: (id: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...planQueries.details(), id, params] as const,
      queryFn: ({ signal }) => fetchPlan(id, params, signal),
    }),
};
