import type { AuditAction, AuditChange, AuditEntry, AuditResource } from '@contract/audit';
import { AUDIT_PAGE_SIZE } from '@contract/audit.constants';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type Paginated } from '@/shared/api';

export type { AuditAction, AuditChange, AuditEntry, AuditResource };

/** The records that have a 'Historial': each answers `GET /api/v1/{resource}/{id}/history`. */
export type HistoryResource = Extract<
  AuditResource,
  'user' | 'sponsor' | 'campaign' | 'plan' | 'category' | 'campaign-category' | 'service' | 'dsp' | 'connector' | 'api-client' | 'customer'
>;

/** The filters of `/api/v1/audit` and its CSV export; dates are YYYY-MM-DD, inclusive, in UTC. */
export interface AuditFilters {
  actor_id?: number;
  resource?: AuditResource;
  resource_id?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** A page of `/api/v1/audit`: the filters, the page and its size. */
export interface AuditListParams extends AuditFilters {
  page?: number;
  limit?: number;
}

export const AUDIT_FALLBACKS = {
  list: 'No se pudo cargar el historial de cambios',
  export: 'No se pudo exportar el historial de cambios',
  restore: 'No se pudo restaurar el registro',
} as const;

/** The API path of each record kind that has a history. */
const HISTORY_PATHS: Record<HistoryResource, string> = {
  user: 'users',
  sponsor: 'sponsors',
  campaign: 'campaigns',
  plan: 'plans',
  category: 'categories',
  'campaign-category': 'campaign-categories',
  service: 'services',
  connector: 'connectors',
  'api-client': 'clients',
  dsp: 'dsps',
  customer: 'customers',
};

export const fetchAuditEntries = ({ page, limit, ...filters }: AuditListParams, signal?: AbortSignal) =>
  api.get<Paginated<AuditEntry>>('v1/audit', {
    searchParams: listSearchParams({ filter: { ...filters }, page, limit }),
    fallback: AUDIT_FALLBACKS.list,
    signal,
  });

/** One record's changes, newest first. */
export const fetchRecordHistory = (resource: HistoryResource, id: number, page: number, limit: number, signal?: AbortSignal) =>
  api.get<Paginated<AuditEntry>>(`v1/${HISTORY_PATHS[resource]}/${id}/history`, {
    searchParams: listSearchParams({ page, limit }),
    fallback: AUDIT_FALLBACKS.list,
    signal,
  });

/** Brings back the record a delete's entry removed: its id, fields, files and the relations that still exist. */
export const restoreAuditEntry = (entryId: number) => api.post<{ id: number }>(`v1/audit/${entryId}/restore`, { fallback: AUDIT_FALLBACKS.restore });


const keys = entityKeys('audit');

/**
 * Query keys and options for the change history. Nothing in the panel writes it: every write
 * elsewhere adds entries, so a history is fetched fresh each time it is opened.
 */
export const auditQueries = {
  ...keys,
  list: (params: AuditListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchAuditEntries(params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  histories: () => [...keys.all(), 'history'] as const,
  /** One record's history, newest first, one page after another. */
  history: (resource: HistoryResource, id: number) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.histories(), resource, id] as const,
      queryFn: ({ pageParam, signal }) => fetchRecordHistory(resource, id, pageParam, AUDIT_PAGE_SIZE, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
      staleTime: 0,
    }),
};
