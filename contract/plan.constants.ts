// No zod here: the panel's list pages and the component tests' mock server read these without
// loading the schemas.

export const PLAN_SORTS = ['id', 'name', 'price', 'status', 'commitment_months', 'created_at'] as const;
/** What a plan list (a campaign's, or every campaign's) and a plan's detail may include. */
export const PLAN_INCLUDES = ['campaign', 'parent', 'services'] as const;
/** Alphabetical. */
export const PLAN_DEFAULT_SORT = 'name';
/** Plans per page unless `limit` says otherwise. */
export const PLAN_PAGE_SIZE = 24;
export const PLAN_FIELDS = [
  'id',
  'campaign_id',
  'name',
  'description',
  'price',
  'currency',
  'status',
  'image_url',
  'document_url',
  'pdf_url',
  'inclusions',
  'exclusions',
  'commitment_months',
  'trial_days',
  'auto_renew',
  'meta',
  'apolo_code_ref',
  'plan_id',
  'created_at',
  'updated_at', 'version',
] as const;

/** How long a plan commits its subscriber, in months (the first is the default). */
export const COMMITMENT_MONTHS = [1, 3, 6, 12, 18, 24] as const;
export type CommitmentMonths = (typeof COMMITMENT_MONTHS)[number];
export const DEFAULT_COMMITMENT_MONTHS: CommitmentMonths = 1;

/** Longest trial accepted, in days (ten years). */
export const MAX_TRIAL_DAYS = 3650;
/** Longest inclusions / exclusions text. */
export const MAX_PLAN_LIST_TEXT = 5000;
export const MAX_APOLO_CODE = 100;

export const PLAN_NOT_FOUND = 'El plan no existe.';

/** The `message` of each successful write. */
export const PLAN_ANSWERS = {
  created: 'Plan creado correctamente.',
  updated: 'Plan actualizado correctamente.',
  deleted: 'Plan eliminado correctamente.',
} as const;

/** The noun of each thing that blocks a plan's delete ('No se puede eliminar: tiene 2 planes de mejora'). */
export const PLAN_DEPENDENT_NOUNS = {
  upgrades: ['plan de mejora', 'planes de mejora'],
  services: ['servicio', 'servicios'],
  dsps: ['DSP', 'DSP'],
  /** A connector's plan map (the DSP may have stopped selling the plan since). */
  connectors: ['mapeo de conector', 'mapeos de conector'],
  /** Customers' subscriptions, cancelled ones too (their history stays readable). */
  entitlements: ['suscripción', 'suscripciones'],
} as const;

export const PLAN_STATUS_LABELS = { DRAFT: 'Borrador', ACTIVE: 'Activo', INACTIVE: 'Inactivo' } as const;
