import type { AuditAction, AuditChange, AuditEntry, AuditResource } from '@contract/audit';

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
