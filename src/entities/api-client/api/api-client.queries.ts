import { queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchApiClient, fetchDspApiClients } from './api-client.api';

/**
 * Query keys and options for API clients; writes invalidate `lists()`. Nothing here ever holds a
 * secret: lists and details never carry one, and write answers are not put in the cache.
 */
export const apiClientQueries = {
  all: () => ['api-clients'] as const,
  lists: () => [...apiClientQueries.all(), 'list'] as const,
  /** One DSP's clients. */
  list: (dspId: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...apiClientQueries.lists(), dspId, params] as const,
      queryFn: ({ signal }) => fetchDspApiClients(dspId, params, signal),
    }),
  details: () => [...apiClientQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...apiClientQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchApiClient(id, signal),
    }),
};
