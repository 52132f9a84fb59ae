import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchPlanServices, fetchService, fetchServices } from './service.api';

/**
 * Query keys and options for services. The campaign page reads them from the campaign's detail
 * (`plans.services`), so a service write invalidates that detail as well as these.
 */
export const serviceQueries = {
  all: () => ['services'] as const,
  lists: () => [...serviceQueries.all(), 'list'] as const,
  planList: (planId: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...serviceQueries.lists(), 'plan', planId, params] as const,
      queryFn: ({ signal }) => fetchPlanServices(planId, params, signal),
    }),
  details: () => [...serviceQueries.all(), 'detail'] as const,
  detail: (id: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...serviceQueries.details(), id, params] as const,
      queryFn: ({ signal }) => fetchService(id, params, signal),
    }),
  /** Every campaign's services (the services page), keeping the previous page on screen while the next loads. */
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...serviceQueries.lists(), 'every', params] as const,
      queryFn: ({ signal }) => fetchServices(params, signal),
      placeholderData: keepPreviousData,
    }),
};
