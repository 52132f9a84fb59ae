import { auditEntry, type AuditEntry, type AuditResource } from '@contract/audit';
import { AUDIT_DEFAULT_SORT, AUDIT_PAGE_SIZE, AUDIT_SORTS } from '@contract/audit.constants';
import { http, HttpResponse } from 'msw';
import { apiUrl, fail } from '../envelope';
import { listHandler, matching, restoreHandler, type ListSpec, type MockModule } from '../resource';

let sequence = 0;

/** An entry as the API answers it, checked against the contract's schema. */
export const buildAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => {
  sequence += 1;
  return auditEntry.parse({
    id: sequence,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, sequence)).toISOString(),
    actor: { id: 1, name: 'Ana Admin' },
    action: 'update',
    resource: 'sponsor',
    resource_id: 1,
    resource_label: 'Sponsor 1',
    changes: [],
    names: [],
    record_path: [],
    restorable_until: null,
    batch: null,
    ...overrides,
  });
};

/** The entries the handlers answer with, and every export asked for; reset before each test. */
export const auditDb = {
  entries: [] as AuditEntry[],
  /** The query string of each CSV export, in order. */
  exports: [] as URLSearchParams[],
  reset() {
    auditDb.entries = [];
    auditDb.exports = [];
    sequence = 0;
  },
  add(overrides: Partial<AuditEntry> = {}) {
    const entry = buildAuditEntry(overrides);
    auditDb.entries.push(entry);
    return entry;
  },
};

/** The history path of each record kind that has one. */
const HISTORY_COLLECTIONS: Record<string, AuditResource> = {
  users: 'user',
  sponsors: 'sponsor',
  campaigns: 'campaign',
  plans: 'plan',
  categories: 'category',
  'campaign-categories': 'campaign-category',
  services: 'service',
  connectors: 'connector',
  clients: 'api-client',
  dsps: 'dsp',
  customers: 'customer',
};
const spec: ListSpec<AuditEntry> = {
  item: auditEntry,
  sorts: AUDIT_SORTS,
  defaultSort: AUDIT_DEFAULT_SORT,
  pageSize: AUDIT_PAGE_SIZE,
  filters: {
    actor_id: (entry, value) => entry.actor?.id === Number(value),
    // Dates are whole days, inclusive, in UTC.
    from: (entry, value) => entry.created_at.slice(0, 10) >= value,
    to: (entry, value) => entry.created_at.slice(0, 10) <= value,
    // The records one bulk action changed.
    batch_id: (entry, value) => entry.batch?.id === value,
  },
};

const csvCell = (value: unknown) => `"${String(value ?? '').replaceAll('"', '""')}"`;

/** The change-history API over `auditDb`: the list, its CSV export and each record's history. */
export const mock: MockModule = {
  stores: [auditDb],
  handlers: [
    listHandler('v1/audit', spec, () => auditDb.entries),
    restoreHandler,
    http.get(apiUrl('v1/audit/export'), ({ request }) => {
      const url = new URL(request.url);
      auditDb.exports.push(url.searchParams);
      const found = matching(auditDb.entries, url, spec);
      const rows = found.map((entry) => [entry.created_at, entry.actor?.name, entry.action, entry.resource, entry.resource_id, entry.resource_label].map(csvCell).join(','));
      return new HttpResponse(['fecha,persona,accion,recurso,id,registro', ...rows].join('\n'), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="auditoria.csv"' },
      });
    }),
    listHandler('v1/:collection/:id/history', spec, (params) => {
      const resource = HISTORY_COLLECTIONS[String(params.collection)];
      return resource ? auditDb.entries.filter((entry) => entry.resource === resource && entry.resource_id === Number(params.id)) : fail(404, 'La ruta no existe.');
    }),
  ],
};
