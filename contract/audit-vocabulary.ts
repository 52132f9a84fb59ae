// No zod here: the panel's audit screen reads these labels.
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from './audit-names';

export { AUDIT_ACTIONS, AUDIT_RESOURCES };

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
