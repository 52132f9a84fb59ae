import type { AuditChange, AuditEntry, AuditName } from '@contract/audit';
import { AUDIT_ACTION_LABELS, AUDIT_FIELD_LABELS, type AuditResource } from '@contract/audit-vocabulary';
import { SECOND_FACTOR_LABELS } from '@contract/auth.constants';
import { BOOKING_STATUS_LABELS } from '@contract/booking.constants';
import { CAMPAIGN_STATUS_LABELS } from '@contract/campaign-status';
import { CONNECTOR_DRIVER_LABELS, CONNECTOR_TYPE_LABELS, DSP_TYPE_LABELS } from '@contract/dsp.constants';
import { ENTITLEMENT_STATUS_LABELS } from '@contract/entitlement.constants';
import { PLAN_STATUS_LABELS } from '@contract/plan.constants';
import { ROLE_NAMES } from '@contract/role.constants';
import { EVENT_PERIOD_LABELS } from '@contract/service.constants';
import { PERMISSIONS } from '@contract/permissions';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** Each record kind with its article, as a sentence names it: 'creó el sponsor Acme'. */
const RESOURCE_NOUNS: Record<AuditResource, string> = {
  user: 'el usuario',
  role: 'el rol',
  country: 'el país',
  sponsor: 'el sponsor',
  campaign: 'la campaña',
  plan: 'el plan',
  category: 'la categoría',
  'campaign-category': 'la categoría de campaña',
  service: 'el servicio',
  dsp: 'la DSP',
  session: 'la sesión',
  connector: 'el conector',
  'api-client': 'el cliente API',
  customer: 'el cliente',
  entitlement: 'la suscripción',
  booking: 'el agendamiento',
};

/** Longest value a sentence quotes whole; a longer text (a description) is cut with '…'. */
export const AUDIT_VALUE_MAX_LENGTH = 60;

/** Who the entry names when nobody signed in made the change. */
const NO_ACTOR = 'El sistema';

type AuditValue = AuditChange['before'];

/** The labels staff read elsewhere for each enum a history records, by resource and field. */
const VALUE_LABELS: Partial<Record<AuditResource, Record<string, Readonly<Record<string, string>>>>> = {
  user: { roles: ROLE_NAMES, second_factor: SECOND_FACTOR_LABELS },
  campaign: { status: CAMPAIGN_STATUS_LABELS },
  plan: { status: PLAN_STATUS_LABELS },
  service: { event_period: EVENT_PERIOD_LABELS },
  dsp: { type: DSP_TYPE_LABELS },
  connector: { driver: CONNECTOR_DRIVER_LABELS, type: CONNECTOR_TYPE_LABELS },
  entitlement: { status: ENTITLEMENT_STATUS_LABELS },
  booking: { status: BOOKING_STATUS_LABELS },
};

/** The fields whose change reads as a verb: 'desactivó el conector Norte'. */
const ACTIVATION_FIELDS = new Set(['enabled', 'is_active']);

const cut = (text: string) => (text.length > AUDIT_VALUE_MAX_LENGTH ? `${text.slice(0, AUDIT_VALUE_MAX_LENGTH - 1).trimEnd()}…` : text);

/** One scalar as staff read it: its label, or the name the entry gives the record an id points to. */
function describeScalar(resource: AuditResource, field: string, value: string | number, names: AuditName[]): string {
  if (typeof value === 'number') return names.find((name) => name.field === field && name.id === value)?.name ?? String(value);
  const labels = VALUE_LABELS[resource]?.[field];
  return labels && Object.hasOwn(labels, value) ? labels[value]! : value;
}

/** A recorded value as staff read it: labels for the known enums, names for ids, 'vacío' for nothing. */
export function describeValue(resource: AuditResource, field: string, value: AuditValue, names: AuditName[] = []): string {
  if (value === null || value === '') return 'vacío';
  if (Array.isArray(value)) return value.length === 0 ? 'vacío' : cut(value.map((item) => describeScalar(resource, field, item, names)).join(', '));
  if (typeof value === 'boolean') {
    if (ACTIVATION_FIELDS.has(field)) return value ? 'Activo' : 'Inactivo';
    return value ? 'Sí' : 'No';
  }
  return cut(describeScalar(resource, field, value, names));
}

/** The field's Spanish name with its article ('el estado'); a field the labels do not know, as sent. */
export const describeField = (resource: AuditResource, field: string) => AUDIT_FIELD_LABELS[resource]?.[field] ?? field;

const record = (entry: AuditEntry) => {
  const noun = RESOURCE_NOUNS[entry.resource];
  return entry.resource_label ? `${noun} ${entry.resource_label}` : noun;
};

/** 'cambió el estado de Borrador a Activa'; a secret only 'cambió la contraseña', never its values. */
const describeChange = (entry: AuditEntry, change: AuditChange) => {
  const { resource, names } = entry;
  const field = describeField(resource, change.field);
  if (change.secret) return `${AUDIT_ACTION_LABELS.update} ${field}`;
  if (ACTIVATION_FIELDS.has(change.field) && typeof change.after === 'boolean' && typeof change.before === 'boolean') {
    return `${change.after ? 'activó' : 'desactivó'} ${record(entry)}`;
  }
  const before = describeValue(resource, change.field, change.before, names);
  const after = describeValue(resource, change.field, change.after, names);
  return `${AUDIT_ACTION_LABELS.update} ${field} de ${before} a ${after}`;
};

const permissionLabel = (name: string) => (Object.hasOwn(PERMISSIONS, name) ? `«${PERMISSIONS[name as keyof typeof PERMISSIONS].label}»` : `«${name}»`);
const asList = (value: AuditValue): string[] => (Array.isArray(value) ? value.map(String) : []);

/** What a permission sync added and took away: 'añadió «Gestionar usuarios»; quitó «Configurar DSP…»'. */
function describePermissionChange(entry: AuditEntry): string | null {
  const change = entry.changes.find((candidate) => candidate.field === 'permissions');
  if (!change) return null;
  const before = asList(change.before);
  const after = asList(change.after);
  const added = after.filter((name) => !before.includes(name)).map(permissionLabel);
  const removed = before.filter((name) => !after.includes(name)).map(permissionLabel);
  const parts = [added.length > 0 ? `añadió ${added.join(', ')}` : null, removed.length > 0 ? `quitó ${removed.join(', ')}` : null];
  return parts.filter(Boolean).join('; ') || null;
}

/** What was done, without who: one phrase per sentence the entry reads as. */
function describeActions(entry: AuditEntry): string[] {
  const verb = AUDIT_ACTION_LABELS[entry.action];
  switch (entry.action) {
    case 'sign-in':
    case 'sign-out':
      return [verb];
    case 'create':
    case 'delete':
    case 'restore':
      return [`${verb} ${record(entry)}`];
    case 'permissions':
    case 'password': {
      // One's own password reads as 'cambió la contraseña'; someone else's names whose.
      const own = entry.action === 'password' && entry.actor?.id != null && entry.actor.id === entry.resource_id;
      if (own) return [describeChange({ ...entry, resource: 'user' }, { field: 'password', before: null, after: null, secret: true })];
      const whose = `${verb} ${entry.resource_label ?? RESOURCE_NOUNS[entry.resource]}`;
      const permissions = entry.action === 'permissions' ? describePermissionChange(entry) : null;
      return [permissions ? `${whose}: ${permissions}` : whose];
    }
    case 'import': {
      const count = (field: string) => Number(entry.changes.find((change) => change.field === field)?.after ?? 0);
      return [`${verb} ${record(entry)}: ${count('created').toLocaleString('es-CO')} creados, ${count('updated').toLocaleString('es-CO')} actualizados`];
    }
    case 'update':
      return entry.changes.length > 0 ? entry.changes.map((change) => describeChange(entry, change)) : [`${verb} ${record(entry)}`];
  }
}

export interface AuditEntryDescription {
  /** One sentence per change, each starting with who: 'Ana Pérez cambió el estado de Borrador a Activa'. */
  sentences: string[];
  /** How long ago, e.g. 'hace 5 minutos'. */
  when: string;
}

/** An entry of the change history in the Spanish sentences staff read, and how long ago it happened. */
export function describeAuditEntry(entry: AuditEntry, { now = Date.now() }: { now?: Date | number } = {}): AuditEntryDescription {
  const actor = entry.actor?.name ?? NO_ACTOR;
  return {
    sentences: describeActions(entry).map((action) => `${actor} ${action}`),
    when: dayjs(entry.created_at).locale('es').from(dayjs(now)),
  };
}
