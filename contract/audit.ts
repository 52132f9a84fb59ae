import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditResource } from './audit-vocabulary';

/**
 * The change history: every write through the write path leaves one entry, in the same
 * transaction as the write.
 *   GET /api/v1/audit                     → paginator(auditEntry), for holders of 'audit.view'
 *       filter[actor_id], filter[resource], filter[resource_id], filter[action],
 *       filter[from], filter[to] (YYYY-MM-DD, inclusive, in UTC), page, limit (max 300); newest first
 *   GET /api/v1/audit/export              → text/csv of the same filters (at most AUDIT_EXPORT_MAX rows)
 *   GET /api/v1/{users|sponsors|campaigns}/{id}/history → paginator(auditEntry) of that record,
 *       for whoever may edit the record (the resource's own permission), newest first
 */

// The vocabulary lives apart, without zod: the panel's route search parser (in the entry chunk
// that /login loads) reads the lists of resources and actions.
export {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_RESOURCES,
  AUDIT_RESOURCE_LABELS,
  type AuditAction,
  type AuditResource,
} from './audit-vocabulary';

export { AUDIT_DEFAULT_SORT, AUDIT_PAGE_SIZE, AUDIT_SORTS } from './audit.constants';

/** Most rows one CSV export carries; a narrower filter gets the rest. */
export const AUDIT_EXPORT_MAX = 50_000;

/** A recorded value: what the record's API answer showed for the field. */
const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);

/**
 * One changed field. A secret (a password, a token) is recorded only as changed: `secret` is
 * true and both values are null. An upload records the stored file's name.
 */
export const auditChange = z.object({
  field: z.string(),
  before: auditValue,
  after: auditValue,
  secret: z.boolean(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Who did it; null when the person was since deleted or the write had no signed-in author. */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  resource: z.enum(AUDIT_RESOURCES),
  resource_id: z.number().int().nullable(),
  /** The record's name when the change happened (it may since have changed or be deleted). */
  resource_label: z.string().nullable(),
  /** Empty for a sign-in, sign-out or a delete; every field for a create. */
  changes: z.array(auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** Spanish names of the fields staff see in a history, by resource; unknown fields show as sent. */
export const AUDIT_FIELD_LABELS: Partial<Record<AuditResource, Record<string, string>>> = {
  user: { name: 'el nombre', email: 'el email', dni: 'el DNI', phone: 'el teléfono', is_active: 'el estado', country_id: 'el país', roles: 'los roles', password: 'la contraseña' },
  role: { permissions: 'los permisos' },
  country: { name: 'el nombre', code: 'el código' },
  sponsor: { name: 'el nombre', website: 'el sitio web', country_id: 'el país', logo: 'el logo' },
  campaign: {
    name: 'el nombre',
    description: 'la descripción',
    status: 'el estado',
    start_date: 'la fecha de inicio',
    end_date: 'la fecha de fin',
    budget: 'el presupuesto',
    country_id: 'el país',
    image: 'la imagen',
  },
  category: { name: 'el nombre', description: 'la descripción', parent_id: 'la categoría padre', image: 'la imagen' },
  'campaign-category': {
    name: 'el nombre',
    description: 'la descripción',
    campaign_id: 'la campaña',
    category_id: 'la categoría del catálogo',
    image: 'la imagen',
  },
  service: {
    name: 'el nombre',
    description: 'la descripción',
    plan_id: 'el plan',
    category_id: 'la categoría',
    coverage_amount: 'la cobertura',
    unlimited_coverage: 'la cobertura ilimitada',
    event_limit: 'el límite de eventos',
    unlimited_events: 'los eventos ilimitados',
    event_period: 'el periodo',
    inclusions: 'las inclusiones',
    exclusions: 'las exclusiones',
    is_active: 'el estado',
    apolo_code_ref: 'el código Apolo',
    meta: 'los metadatos',
    image: 'la imagen',
  },
  plan: {
    campaign_id: 'la campaña',
    name: 'el nombre',
    description: 'la descripción',
    price: 'el precio',
    status: 'el estado',
    inclusions: 'las inclusiones',
    exclusions: 'las exclusiones',
    commitment_months: 'la permanencia (meses)',
    trial_days: 'los días de prueba',
    auto_renew: 'la renovación automática',
    meta: 'meta',
    apolo_code_ref: 'el código Apolo',
    plan_id: 'el plan base',
    image: 'la imagen',
    document: 'el documento',
  },
  dsp: {
    name: 'el nombre',
    type: 'el tipo',
    country_id: 'el país',
    sponsor_id: 'el sponsor',
    website_url: 'el sitio web',
    address: 'la dirección',
    phone_primary: 'el teléfono principal',
    phone_secondary: 'el teléfono secundario',
    email_primary: 'el email',
    settings: 'los settings',
    enabled: 'el estado',
    image: 'la imagen',
    plans: 'los planes',
    users: 'el personal asignado',
  },
  connector: {
    dsp_id: 'la DSP',
    key: 'la key',
    driver: 'el driver',
    type: 'el tipo',
    enabled: 'el estado',
    settings: 'settings',
    params: 'params',
    varification_policy: 'la política de verificación',
    plans: 'el mapa de planes',
  },
  'api-client': {
    dsp_id: 'la DSP',
    name: 'el nombre',
    base_url: 'la URL base',
    client_id: 'el client_id',
    client_secret: 'el secreto',
    type: 'el tipo',
    scopes: 'los scopes',
    ip_whitelist: 'las IP permitidas',
    rate_limit: 'el límite de solicitudes',
    enabled: 'el estado',
  },
  customer: {
    dsp_id: 'la DSP',
    dni: 'el DNI',
    name: 'el nombre',
    email: 'el email',
    phone: 'el teléfono',
    address: 'la dirección',
    city: 'la ciudad',
    plan_id: 'los planes',
    password: 'la contraseña',
  },
  entitlement: { customer_id: 'el cliente', plan_id: 'el plan', status: 'el estado', reason: 'el motivo' },
  booking: {
    code_ref: 'el código',
    status: 'el estado',
    reason: 'el motivo',
    scheduled_at: 'la fecha y hora',
    customer_id: 'el cliente',
    entitlement_id: 'la suscripción',
    plan_service_id: 'el servicio',
    notes: 'las notas',
    country: 'el país',
    city: 'la ciudad',
    phone: 'el teléfono',
    address: 'la dirección',
    latitude: 'la latitud',
    longitude: 'la longitud',
    evidence_file: 'la evidencia',
    support_file: 'el soporte',
  },
};
