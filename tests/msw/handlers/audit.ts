import { AUDIT_ACTIONS, AUDIT_RESOURCES, auditEntry, type AuditAction, type AuditEntry, type AuditResource } from '@contract/audit';
import { AUDIT_PAGE_SIZE } from '@contract/audit.constants';
import { http, HttpResponse } from 'msw';
import { apiUrl, fail } from '../envelope';
import { listAnswer } from '../paginate';

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
const FILTERS = ['actor_id', 'resource', 'resource_id', 'action', 'from', 'to'];

const newestFirst = (a: AuditEntry, b: AuditEntry) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** The server's list rules: known filters and values only, a capped limit; else 400 naming what is allowed. */
function matching(url: URL): AuditEntry[] | Response {
  const filter = (name: string) => url.searchParams.get(`filter[${name}]`);
  const unknown = [...url.searchParams.keys()].filter((key) => /^filter\[/.test(key) && !FILTERS.includes(key.slice(7, -1)));
  if (unknown.length > 0) return fail(400, `Filtros no permitidos: ${unknown.join(', ')}. Permitidos: ${FILTERS.join(', ')}.`);
  const resource = filter('resource');
  if (resource && !AUDIT_RESOURCES.includes(resource as AuditResource)) return fail(400, `Recurso no válido. Permitidos: ${AUDIT_RESOURCES.join(', ')}.`);
  const action = filter('action');
  if (action && !AUDIT_ACTIONS.includes(action as AuditAction)) return fail(400, `Acción no válida. Permitidas: ${AUDIT_ACTIONS.join(', ')}.`);
  const actor = filter('actor_id');
  const resourceId = filter('resource_id');
  const from = filter('from');
  const to = filter('to');
  return auditDb.entries
    .filter((entry) => !actor || entry.actor?.id === Number(actor))
    .filter((entry) => !resource || entry.resource === resource)
    .filter((entry) => !resourceId || entry.resource_id === Number(resourceId))
    .filter((entry) => !action || entry.action === action)
    // Dates are whole days, inclusive, in UTC.
    .filter((entry) => !from || entry.created_at.slice(0, 10) >= from)
    .filter((entry) => !to || entry.created_at.slice(0, 10) <= to)
    .sort(newestFirst);
}

const csvCell = (value: unknown) => `"${String(value ?? '').replaceAll('"', '""')}"`;

/** The change-history API over `auditDb`: the list, its CSV export and each record's history. */
export const auditHandlers = [
  http.get(apiUrl('v1/audit'), ({ request }) => {
    const url = new URL(request.url);
    const found = matching(url);
    return found instanceof Response ? found : listAnswer(auditEntry, found, url, AUDIT_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/audit/export'), ({ request }) => {
    const url = new URL(request.url);
    auditDb.exports.push(url.searchParams);
    const found = matching(url);
    if (found instanceof Response) return found;
    const rows = found.map((entry) => [entry.created_at, entry.actor?.name, entry.action, entry.resource, entry.resource_id, entry.resource_label].map(csvCell).join(','));
    return new HttpResponse(['fecha,persona,accion,recurso,id,registro', ...rows].join('\n'), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="auditoria.csv"' },
    });
  }),
  http.get(apiUrl('v1/:collection/:id/history'), ({ request, params }) => {
    const resource = HISTORY_COLLECTIONS[String(params.collection)];
    if (!resource) return fail(404, 'La ruta no existe.');
    const url = new URL(request.url);
    const found = auditDb.entries.filter((entry) => entry.resource === resource && entry.resource_id === Number(params.id)).sort(newestFirst);
    return listAnswer(auditEntry, found, url, AUDIT_PAGE_SIZE);
  }),
];
