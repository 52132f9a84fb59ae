// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

/** How often a service's event limit renews. */
export const EVENT_PERIODS = ['MONTHLY', 'QUARTERLY', 'SEMI-ANNUALLY', 'YEARLY', 'LIFETIME'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

export const EVENT_PERIOD_LABELS: Record<EventPeriod, string> = {
  MONTHLY: 'Mensual',
  QUARTERLY: 'Trimestral',
  'SEMI-ANNUALLY': 'Semestral',
  YEARLY: 'Anual',
  LIFETIME: 'De por vida',
};

export const SERVICE_SORTS = ['id', 'name', 'created_at'] as const;
/** `campaign` is the plan's campaign (to link to its page from the services of every campaign). */
export const SERVICE_INCLUDES = ['category', 'plan', 'campaign'] as const;
export const SERVICE_FIELDS = [
  'id',
  'plan_id',
  'category_id',
  'name',
  'description',
  'image_url',
  'coverage_amount',
  'currency',
  'unlimited_coverage',
  'event_limit',
  'unlimited_events',
  'event_period',
  'inclusions',
  'exclusions',
  'is_active',
  'apolo_code_ref',
  'meta',
  'created_at',
  'updated_at', 'version',
] as const;
/** In the order they were added. */
export const SERVICE_DEFAULT_SORT = 'id';
/** A plan's services in one page: the panel asks for 100. */
export const SERVICE_PAGE_SIZE = 100;
/** The services of every campaign (the services page), like the plans of every campaign. */
export const SERVICE_LIST_PAGE_SIZE = 24;

export const SERVICE_NOT_FOUND = 'El servicio no existe.';
export const SERVICE_PLAN_NOT_FOUND = 'El plan no existe.';

/** The `message` of each successful write. */
export const SERVICE_ANSWERS = {
  created: 'Servicio creado correctamente.',
  updated: 'Servicio actualizado correctamente.',
  deleted: 'Servicio eliminado correctamente.',
} as const;
