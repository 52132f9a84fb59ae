import type { AuditEntry, AuditResource } from '@contract/audit';

/** What staff call many records of each kind, for a batch's line ('40 agendamientos'). */
const RESOURCE_PLURALS: Record<AuditResource, string> = {
  user: 'usuarios',
  role: 'roles',
  country: 'países',
  sponsor: 'sponsors',
  campaign: 'campañas',
  plan: 'planes',
  category: 'categorías',
  'campaign-category': 'categorías de campaña',
  service: 'servicios',
  dsp: 'DSP',
  session: 'sesiones',
  connector: 'conectores',
  'api-client': 'clientes API',
  customer: 'clientes',
  entitlement: 'suscripciones',
  booking: 'agendamientos',
};

/** The entry that stands for its batch, when the page shows batches as one line. */
export const isBatchLine = (entry: AuditEntry) => entry.batch !== null && entry.batch.count > 1;

/**
 * The page's entries with each batch (one action on many records) as one line: its first entry on
 * the page stands for it, the others of that batch on the page are left out.
 */
export function collapseBatches(entries: readonly AuditEntry[]): AuditEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (!entry.batch || !isBatchLine(entry)) return true;
    if (seen.has(entry.batch.id)) return false;
    seen.add(entry.batch.id);
    return true;
  });
}

/** The verb of a batch, read from what its first record's change was. */
function batchVerb(entry: AuditEntry): string {
  if (entry.action === 'delete') return 'eliminó';
  if (entry.action !== 'update') return entry.action === 'restore' ? 'restauró' : 'creó';
  const change = (field: string) => entry.changes.find((item) => item.field === field);
  if (change('status')) return 'cambió el estado de';
  const enabled = change('enabled');
  if (enabled) return enabled.after === true ? 'habilitó' : 'deshabilitó';
  const active = change('is_active');
  if (active) return active.after === true ? 'activó' : 'desactivó';
  return 'cambió';
}

/** 'Super Admin cambió el estado de 40 agendamientos', 'Super Admin eliminó 12 sponsors'. */
export function batchSentence(entry: AuditEntry): string {
  const count = entry.batch?.count ?? 1;
  return `${entry.actor?.name ?? 'El sistema'} ${batchVerb(entry)} ${count.toLocaleString('es-CO')} ${RESOURCE_PLURALS[entry.resource]}`;
}
