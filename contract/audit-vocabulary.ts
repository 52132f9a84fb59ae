// No zod here: the panel's route search parsers (in its entry chunk) read these lists.

export const AUDIT_RESOURCES = [
  'user',
  'role',
  'country',
  'sponsor',
  'campaign',
  'plan',
  'category',
  'campaign-category',
  'service',
  'dsp',
  'connector',
  'api-client',
  'customer',
  'entitlement',
  'booking',
  'session',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

export const AUDIT_RESOURCE_LABELS: Record<AuditResource, string> = {
  user: 'Usuario',
  role: 'Rol',
  country: 'País',
  sponsor: 'Sponsor',
  campaign: 'Campaña',
  plan: 'Plan',
  category: 'Categoría',
  'campaign-category': 'Categoría de campaña',
  service: 'Servicio',
  dsp: 'DSP',
  session: 'Sesión',
  connector: 'Conector',
  'api-client': 'Cliente API',
  customer: 'Cliente',
  entitlement: 'Suscripción',
  booking: 'Agendamiento',
};

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'permissions', 'sign-in', 'sign-out', 'password'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The verb of each action, as a sentence uses it: 'Ana Pérez creó el sponsor Acme'. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'creó',
  update: 'cambió',
  delete: 'eliminó',
  permissions: 'cambió los permisos de',
  'sign-in': 'inició sesión',
  'sign-out': 'cerró sesión',
  password: 'cambió la contraseña de',
};
