import type { Dsp, DspPlanRef, DspStaffMember } from '@contract/dsp';
import { DSP_INCLUDES, type DspType } from '@contract/dsp.constants';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';

export type { Dsp, DspPlanRef, DspStaffMember, DspType };

/**
 * What the DSP form sends (multipart). A field left out keeps its value on an update; an empty
 * optional text clears it. The image only when a new file was chosen.
 */
export interface DspPayload {
  name: string;
  type: DspType;
  country_id: number;
  /** Sent on create only: a DSP's sponsor never changes. */
  sponsor_id?: number;
  plans: number[];
  /** The settings object as JSON text. */
  settings: string;
  website_url?: string;
  address?: string;
  phone_primary?: string;
  phone_secondary?: string;
  email_primary?: string;
  enabled: boolean;
  image?: File | null;
}

/** What staff read when a DSP call fails without a message of its own. */
export const DSP_FALLBACKS = {
  list: 'No se pudieron cargar las DSP.',
  options: 'No se pudo cargar la lista de DSP',
  save: 'No se pudo guardar',
  delete: 'No se pudo eliminar',
  plans: 'No se pudieron cargar los planes de la DSP',
  staff: 'No se pudo cargar el personal asignado',
} as const;

/** The DSP list takes its search as a plain `q` (the server reads it as `filter[q]` too). */
const dspListSearchParams = ({ filter: { q, ...filter } = {}, ...params }: ListParams) => {
  const search = listSearchParams({ ...params, filter });
  if (q !== undefined && q !== null && q !== '') search.set('q', String(q));
  return search;
};

export const fetchDsps = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Dsp>>('v1/dsps', { searchParams: dspListSearchParams(params), fallback: DSP_FALLBACKS.list, signal });

/** One DSP with its sponsor, country, plans and assigned staff (what the configuration reads). */
export const fetchDsp = (id: number, signal?: AbortSignal) =>
  api.get<Dsp>(`v1/dsps/${id}`, { searchParams: { include: DSP_INCLUDES.join(',') }, fallback: DSP_FALLBACKS.list, signal });

/** A page of the DSP's staff (name, e-mail, DNI, roles), by name; `filter.q` searches name, e-mail and DNI. */
export const fetchDspStaffPage = (id: number, params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<DspStaffMember>>(`v1/dsps/${id}/users`, { searchParams: listSearchParams(params), fallback: DSP_FALLBACKS.staff, signal });

const dspForm = ({ image, ...fields }: DspPayload) => toFormData({ ...fields, image: image ?? undefined });

/** Multipart, with the plans as `plans[0]`, `plans[1]`… */
export const createDsp = (payload: DspPayload) => api.post<Dsp>('v1/dsps', { body: dspForm(payload), fallback: DSP_FALLBACKS.save });

/** Multipart updates travel as POST with `_method=PUT`; `version` (the one the form opened) turns a stale save into a 409. */
export const updateDsp = (id: number, payload: DspPayload, version?: number) =>
  api.post<Dsp>(`v1/dsps/${id}`, { body: toFormData({ _method: 'PUT' }, dspForm(payload)), fallback: DSP_FALLBACKS.save, version });

export const deleteDsp = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/dsps/${id}`, { fallback: DSP_FALLBACKS.delete, version });

/** Whether the DSP can be deleted now and, if not, why (its customers). */
export const checkDspDeletion = (id: number) => api.get<DeletionCheck>(`v1/dsps/${id}/deletion`, { fallback: DSP_FALLBACKS.delete });

const keys = entityKeys('dsps');

/** Query keys and options for DSPs; writes invalidate `lists()` and the DSP's `detail` (a staff change its `staffLists` too). */
export const dspQueries = {
  ...keys,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchDsps(params, signal),
      // The grid keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** The DSP with its sponsor, country, plans and staff. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchDsp(id, signal),
    }),
  /** Every page and search of one DSP's staff. */
  staffLists: (id: number) => [...keys.all(), 'users', id] as const,
  /** A page of the DSP's staff (its Usuarios tab); the previous page stays on screen while the next loads. */
  staff: (id: number, params: ListParams) =>
    queryOptions({
      queryKey: [...dspQueries.staffLists(id), params] as const,
      queryFn: ({ signal }) => fetchDspStaffPage(id, params, signal),
      placeholderData: keepPreviousData,
    }),
};

/** A DSP is confirmed by typing its own name; one with customers cannot go (the check says so first). */
export const dspDeletion: Deletion<Dsp> = {
  title: 'Eliminar DSP',
  describe: (dsp) => ({
    before: 'Se eliminará la DSP ',
    name: dsp.name,
    after: ', su imagen, sus planes asignados y su personal asignado. Se podrá restaurar desde el historial.',
  }),
  keyword: (dsp) => dsp.name,
  deleted: 'DSP eliminada.',
  remove: deleteDsp,
  check: checkDspDeletion,
  queries: dspQueries,
};
