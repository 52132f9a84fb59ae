import type { CountryRef, DeletedRecord, DeletionCheck } from '@contract/common';
import type { Sponsor } from '@contract/sponsor';
import { SPONSOR_DEFAULT_SORT, SPONSOR_INCLUDES } from '@contract/sponsor.constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { CountryRef, Sponsor };

/** What the sponsor form sends (multipart): the logo only when a new file was chosen. */
export interface SponsorPayload {
  name: string;
  country_id: number;
  /** As typed; the server stores it with https:// added when the scheme is missing. Empty clears it. */
  website_url: string;
  logo?: File | null;
}

/** What staff read when a sponsor call fails without a message of its own. */
export const SPONSOR_FALLBACKS = {
  list: 'No se pudieron cargar los sponsors',
  create: 'No se pudo crear el sponsor',
  update: 'No se pudo actualizar el sponsor',
  get: 'No se pudo obtener el sponsor',
  delete: 'No se pudo eliminar el sponsor',
  load: 'No se pudo cargar el sponsor',
} as const;

export const fetchSponsors = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Sponsor>>('v1/sponsors', { searchParams: listSearchParams(params), fallback: SPONSOR_FALLBACKS.list, signal });

/** One sponsor with its country. */
export const fetchSponsor = (id: number, signal?: AbortSignal) =>
  api.get<Sponsor>(`v1/sponsors/${id}`, { searchParams: { include: SPONSOR_INCLUDES.join(',') }, fallback: SPONSOR_FALLBACKS.load, signal });

/** The sponsors' ids and names, for a filter or a select: those matching `q` (all without it), 300 at most. */
export const fetchSponsorOptions = async (q: string, signal?: AbortSignal) =>
  (
    await api.get<Paginated<Pick<Sponsor, 'id' | 'name'>>>('v1/sponsors', {
      searchParams: listSearchParams({ sort: SPONSOR_DEFAULT_SORT, fields: ['id', 'name'], limit: LOAD_LIMIT.dropdown, filter: { q } }),
      fallback: SPONSOR_FALLBACKS.list,
      signal,
    })
  ).data;

const sponsorForm = ({ name, country_id, website_url, logo }: SponsorPayload) =>
  toFormData({ name, country_id, website_url, logo: logo ?? undefined });

export const createSponsor = (payload: SponsorPayload) =>
  api.post<Sponsor>('v1/sponsors', { body: sponsorForm(payload), fallback: SPONSOR_FALLBACKS.create });

/** Multipart updates travel as POST with `_method=PUT`. */
export const updateSponsor = (id: number, payload: SponsorPayload, version?: number) =>
  api.post<Sponsor>(`v1/sponsors/${id}`, { body: toFormData({ _method: 'PUT' }, sponsorForm(payload)), fallback: SPONSOR_FALLBACKS.update, version });

export const deleteSponsor = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/sponsors/${id}`, { fallback: SPONSOR_FALLBACKS.delete, version });

/** Whether the record can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkSponsorDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/sponsors/${id}/deletion`, { fallback: SPONSOR_FALLBACKS.delete });

const keys = entityKeys('sponsors');

/** Query keys and options for sponsors; writes invalidate `lists()` and the sponsor's `detail`. */
export const sponsorQueries = {
  ...keys,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchSponsors(params, signal),
      // The grid keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** The sponsors matching `q` (the first 300 by name without it), for selects; part of `lists()`, so writes refresh it. */
  options: (q = '') =>
    queryOptions({
      queryKey: [...keys.lists(), 'options', { q }] as const,
      queryFn: ({ signal }) => fetchSponsorOptions(q, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchSponsor(id, signal),
    }),
};

export const sponsorDeletion: Deletion<Sponsor> = {
  title: 'Eliminar sponsor',
  describe: (sponsor) => ({
    before: 'Se eliminará el sponsor ',
    name: sponsor.name,
    after: ' y su logo. Se podrá restaurar desde el historial.',
  }),
  deleted: 'Sponsor eliminado.',
  remove: deleteSponsor,
  check: checkSponsorDeletion,
  queries: sponsorQueries,
};
