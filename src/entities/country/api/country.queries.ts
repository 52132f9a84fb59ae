import { queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchAllCountries, fetchCountries, fetchCountry } from './country.api';

/** Query keys and options for countries; writes invalidate `all()`. */
export const countryQueries = {
  all: () => ['countries'] as const,
  lists: () => [...countryQueries.all(), 'list'] as const,
  list: (params: ListParams = {}) =>
    queryOptions({
      queryKey: [...countryQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchCountries(params, signal),
    }),
  details: () => [...countryQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...countryQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchCountry(id, signal),
    }),
  /** Every country (id and name) for selects, loaded once per session. */
  options: () =>
    queryOptions({
      queryKey: [...countryQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => fetchAllCountries(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
