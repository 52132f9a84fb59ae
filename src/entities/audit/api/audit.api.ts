import { api, listSearchParams, type Paginated } from '@/shared/api';
import type { AuditEntry, AuditFilters, AuditListParams, HistoryResource } from '../model/types';

export const AUDIT_FALLBACKS = {
  list: 'No se pudo cargar el historial de cambios',
  export: 'No se pudo exportar el historial de cambios',
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

/** The CSV of every entry the filters match (the bearer token goes with it, so no plain link). */
export const exportAuditEntries = (filters: AuditFilters) =>
  api.getFile('v1/audit/export', { searchParams: listSearchParams({ filter: { ...filters } }), fallback: AUDIT_FALLBACKS.export });
