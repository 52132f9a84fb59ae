import { DSP_STAFF_LIMIT } from '@contract/dsp.constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DspStaffMember } from '@/entities/dsp';
import { api, type Paginated } from '@/shared/api';

/** What staff read when a staff call fails without a message of its own. */
export const DSP_STAFF_FALLBACKS = {
  list: 'No se pudieron cargar los usuarios',
  assign: 'No se pudieron asignar los usuarios',
  remove: 'No se pudo quitar el usuario de la DSP',
} as const;

/** The active staff matching `q` (name, e-mail or DNI), by name, 100 at most. */
export const fetchDspStaff = (q: string, signal?: AbortSignal) =>
  api.get<Paginated<DspStaffMember>>('v1/dsps/staff', {
    searchParams: { ...(q ? { q } : {}), sort: 'name', limit: DSP_STAFF_LIMIT },
    fallback: DSP_STAFF_FALLBACKS.list,
    signal,
  });

/** Adds the people to the DSP's staff; the answer is its whole staff. */
export const assignDspStaff = (dspId: number, users: number[]) =>
  api.post<DspStaffMember[]>(`v1/dsps/${dspId}/users`, { json: { users }, fallback: DSP_STAFF_FALLBACKS.assign });

/** Takes the people off the DSP's staff (PUT, as the API removes them). */
export const removeDspStaff = (dspId: number, users: number[]) =>
  api.put<DspStaffMember[]>(`v1/dsps/${dspId}/users`, { json: { users }, fallback: DSP_STAFF_FALLBACKS.remove });

/** The picker's search; the previous answer stays listed while the next one loads. */
export const dspStaffSearch = (q: string) =>
  queryOptions({
    queryKey: ['dsps', 'staff', q] as const,
    queryFn: ({ signal }) => fetchDspStaff(q, signal),
    placeholderData: keepPreviousData,
  });
