import type { ApiClient, ApiClientType, ApiClientWithSecret, RateLimitPeriod } from '@contract/api-client';
import { API_CLIENT_DEFAULT_SORT, API_CLIENT_PAGE_SIZE } from '@contract/api-client.constants';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';

export type { ApiClient, ApiClientType, ApiClientWithSecret, RateLimitPeriod };

/**
 * What the client form sends (multipart, PHP-style brackets). An empty list is sent as '' so an
 * update clears it (an empty array would send nothing and keep the stored one); an empty max
 * clears the rate limit. On an update a field left out keeps its stored value.
 */
export interface ApiClientPayload {
  name?: string;
  base_url?: string;
  client_id?: string;
  /** Only when typed: on an update, leaving it out keeps the stored secret. */
  client_secret?: string;
  /** The server makes a strong secret and answers it once. */
  generate_secret?: boolean;
  type?: ApiClientType;
  enabled?: boolean;
  scopes?: string[];
  ip_whitelist?: string[];
  rate_limit?: { max_requests: number | ''; period: RateLimitPeriod };
}

/** What staff read when an API client call fails without a message of its own. */
export const API_CLIENT_FALLBACKS = {
  list: 'No se pudieron cargar los clientes',
  save: 'No se pudo guardar el cliente',
  delete: 'No se pudo eliminar el cliente',
} as const;

/** One DSP's API clients, by name, 50 at most (the panel shows them in one list). */
export const fetchDspApiClients = (dspId: number, params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Paginated<ApiClient>>(`v1/dsps/${dspId}/clients`, {
    searchParams: listSearchParams({ sort: API_CLIENT_DEFAULT_SORT, limit: API_CLIENT_PAGE_SIZE, ...params }),
    fallback: API_CLIENT_FALLBACKS.list,
    signal,
  });

export const fetchApiClient = (id: number, signal?: AbortSignal) =>
  api.get<ApiClient>(`v1/clients/${id}`, { fallback: API_CLIENT_FALLBACKS.list, signal });

// An empty list travels as '' (it clears the stored one); an empty array would send nothing at all.
const listField = (entries: string[] | undefined) => (entries === undefined ? undefined : entries.length > 0 ? entries : '');

const apiClientForm = ({ scopes, ip_whitelist, ...fields }: ApiClientPayload) =>
  toFormData({ ...fields, scopes: listField(scopes), ip_whitelist: listField(ip_whitelist) });

/** The answer carries `client_secret`, the only time the server ever shows it. */
export const createApiClient = (dspId: number, payload: ApiClientPayload) =>
  api.post<ApiClientWithSecret>(`v1/dsps/${dspId}/clients`, { body: apiClientForm(payload), fallback: API_CLIENT_FALLBACKS.save });

/** Multipart updates travel as POST with `_method=PUT`; the answer carries a secret only when this update set or generated one; `version` (the one the form opened) turns a stale save into a 409. */
export const updateApiClient = (id: number, payload: ApiClientPayload, version?: number) =>
  api.post<ApiClientWithSecret>(`v1/clients/${id}`, { body: toFormData({ _method: 'PUT' }, apiClientForm(payload)), fallback: API_CLIENT_FALLBACKS.save, version });

export const deleteApiClient = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/clients/${id}`, { fallback: API_CLIENT_FALLBACKS.delete, version });

/** Whether the client can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkApiClientDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/clients/${id}/deletion`, { fallback: API_CLIENT_FALLBACKS.delete });

const keys = entityKeys('api-clients');

/**
 * Query keys and options for API clients; writes invalidate `lists()`. Nothing here ever holds a
 * secret: lists and details never carry one, and write answers are not put in the cache.
 */
export const apiClientQueries = {
  ...keys,
  /** One DSP's clients. */
  list: (dspId: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.lists(), dspId, params] as const,
      queryFn: ({ signal }) => fetchDspApiClients(dspId, params, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchApiClient(id, signal),
    }),
};

/** A DSP's API client: whatever calls the API with its credentials stops being let in. */
export const apiClientDeletion: Deletion<ApiClient> = {
  title: 'Eliminar cliente API',
  describe: (client) => ({
    before: '¿Eliminar este cliente? ',
    name: client.name,
    after: ` (${client.client_id}) dejará de poder llamar a la API. Se podrá restaurar desde el historial, con un secreto nuevo.`,
  }),
  deleted: 'Cliente API eliminado.',
  remove: deleteApiClient,
  check: checkApiClientDeletion,
  queries: apiClientQueries,
};
