import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchDsp, fetchDspStaffPage, fetchDsps } from './dsp.api';

/** Query keys and options for DSPs; writes invalidate `lists()` and the DSP's `detail` (a staff change its `staffLists` too). */
export const dspQueries = {
  all: () => ['dsps'] as const,
  lists: () => [...dspQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...dspQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchDsps(params, signal),
      // The grid keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  details: () => [...dspQueries.all(), 'detail'] as const,
  /** The DSP with its sponsor, country, plans and staff. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...dspQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchDsp(id, signal),
    }),
  /** Every page and search of one DSP's staff. */
  staffLists: (id: number) => [...dspQueries.all(), 'users', id] as const,
  /** A page of the DSP's staff (its Usuarios tab); the previous page stays on screen while the next loads. */
  staff: (id: number, params: ListParams) =>
    queryOptions({
      queryKey: [...dspQueries.staffLists(id), params] as const,
      queryFn: ({ signal }) => fetchDspStaffPage(id, params, signal),
      placeholderData: keepPreviousData,
    }),
};
