import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchSponsor, fetchSponsorOptions, fetchSponsors } from './sponsor.api';

/** Query keys and options for sponsors; writes invalidate `lists()` and the sponsor's `detail`. */
export const sponsorQueries = {
  all: () => ['sponsors'] as const,
  lists: () => [...sponsorQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...sponsorQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchSponsors(params, signal),
      // The grid keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** The sponsors matching `q` (the first 300 by name without it), for selects; part of `lists()`, so writes refresh it. */
  options: (q = '') =>
    queryOptions({
      queryKey: [...sponsorQueries.lists(), 'options', { q }] as const,
      queryFn: ({ signal }) => fetchSponsorOptions(q, signal),
    }),
  details: () => [...sponsorQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...sponsorQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchSponsor(id, signal),
    }),
};
