import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchCampaign, fetchCampaignOptions, fetchCampaigns } from './campaign.api';

/** Query keys and options for campaigns; writes invalidate `lists()` and the campaign's `detail`. */
export const campaignQueries = {
  all: () => ['campaigns'] as const,
  lists: () => [...campaignQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...campaignQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchCampaigns(params, signal),
      placeholderData: keepPreviousData,
    }),
  details: () => [...campaignQueries.all(), 'detail'] as const,
  /** One campaign with sponsor, country, categories and plans (with their services and parent). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...campaignQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchCampaign(id, signal),
    }),
  /** The campaigns matching `q` (the first 300 by name without it) with their sponsor, for filters; part of `lists()`, so writes refresh it. */
  options: (q = '') =>
    queryOptions({
      queryKey: [...campaignQueries.lists(), 'options', { q }] as const,
      queryFn: ({ signal }) => fetchCampaignOptions({ q }, signal),
    }),
  /** One sponsor's campaigns (id and name), for a cascading select; part of `lists()`. */
  sponsorOptions: (sponsorId: number) =>
    queryOptions({
      queryKey: [...campaignQueries.lists(), 'options', { sponsorId }] as const,
      queryFn: ({ signal }) => fetchCampaignOptions({ sponsorId }, signal),
    }),
};
