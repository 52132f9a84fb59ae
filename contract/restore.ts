// No zod here: the panel's history reads who may restore what without loading the schemas.
import type { AuditResource } from './audit-vocabulary';
import type { Permission } from './permissions';

/**
 * Who may bring back a deleted record of each resource: whoever may delete it (the same permission
 * as its DELETE; 'signed-in' where the DSP assignment is the rule, as for customers). A resource
 * missing here cannot be restored.
 */
export const RESTORE_ACCESS: Partial<Record<AuditResource, Permission | 'signed-in'>> = {
  user: 'users.manage',
  country: 'countries.manage',
  sponsor: 'sponsors.manage',
  campaign: 'sponsors.manage',
  plan: 'sponsors.manage',
  category: 'categories.delete',
  'campaign-category': 'sponsors.manage',
  service: 'sponsors.manage',
  dsp: 'dsps.manage',
  connector: 'dsps.manage',
  'api-client': 'dsps.manage',
  customer: 'signed-in',
  entitlement: 'signed-in',
  booking: 'signed-in',
};

/** Whether someone holding `permissions` may restore a deleted record of `resource`. */
export const mayRestore = (resource: AuditResource, permissions: readonly string[]): boolean => {
  const access = RESTORE_ACCESS[resource];
  return access !== undefined && (access === 'signed-in' || permissions.includes(access));
};

export const RESTORE_MESSAGES = {
  restored: 'Registro restaurado.',
  entryNotFound: 'La entrada del historial no existe.',
  notADelete: 'Solo se puede restaurar la eliminación de un registro.',
  alreadyRestored: 'Este registro ya se restauró.',
  expired: 'Ya pasó el plazo para restaurar este registro.',
  idTaken: 'Ya existe un registro con el id de este.',
  /** A foreign key the row pointed to that no longer exists, and no message names it. */
  somethingGone: 'Un registro del que dependía ya no existe.',
} as const;

/** What a restore answers (422) when a record the deleted one pointed to is gone, per reference. */
export const RESTORE_GONE = {
  sponsorCountry: 'El país de este sponsor ya no existe.',
  campaignSponsor: 'El sponsor de esta campaña ya no existe.',
  campaignCountry: 'El país de esta campaña ya no existe.',
  planCampaign: 'La campaña de este plan ya no existe.',
  planBase: 'El plan base de este plan ya no existe.',
  servicePlan: 'El plan de este servicio ya no existe.',
  serviceCategory: 'La categoría de este servicio ya no existe.',
  campaignCategoryCampaign: 'La campaña de esta categoría ya no existe.',
  campaignCategoryCategory: 'La categoría del catálogo de esta categoría ya no existe.',
  categoryParent: 'La categoría padre de esta categoría ya no existe.',
  dspSponsor: 'El sponsor de este DSP ya no existe.',
  dspCountry: 'El país de este DSP ya no existe.',
  connectorDsp: 'El DSP de este conector ya no existe.',
  apiClientDsp: 'El DSP de este cliente API ya no existe.',
  customerDsp: 'El DSP de este cliente ya no existe.',
  entitlementCustomer: 'El cliente de esta suscripción ya no existe.',
  entitlementPlan: 'El plan de esta suscripción ya no existe.',
  bookingCustomer: 'El cliente de este agendamiento ya no existe.',
  bookingDsp: 'El DSP de este agendamiento ya no existe.',
} as const;
