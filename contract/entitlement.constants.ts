// No zod here: the panel's subscriptions modal and the component tests' mock server read these
// without loading the schemas.

/** A subscription's status; a new one starts ACTIVE. */
export const ENTITLEMENT_STATUSES = ['ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED', 'PENDING'] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];

export const ENTITLEMENT_STATUS_LABELS: Record<EntitlementStatus, string> = {
  ACTIVE: 'Activo',
  SUSPENDED: 'Suspendido',
  CANCELLED: 'Cancelado',
  EXPIRED: 'Expirado',
  PENDING: 'Pendiente',
};

/**
 * Where a subscription may go from each status. A pending one is activated or dropped; an active
 * one is suspended, cancelled or expires; a suspended one comes back or is cancelled; an expired
 * one can only be renewed (ACTIVE, with a new period); a cancelled one is final.
 */
export const ENTITLEMENT_TRANSITIONS: Record<EntitlementStatus, readonly EntitlementStatus[]> = {
  PENDING: ['ACTIVE', 'CANCELLED'],
  ACTIVE: ['SUSPENDED', 'CANCELLED', 'EXPIRED'],
  SUSPENDED: ['ACTIVE', 'CANCELLED'],
  EXPIRED: ['ACTIVE'],
  CANCELLED: [],
};

/**
 * The statuses staff are asked to confirm before giving: a cancelled subscription goes nowhere, and
 * an expired one comes back only as a renewal with a new period.
 */
export const ENTITLEMENT_FINAL_STATUSES: readonly EntitlementStatus[] = ['CANCELLED', 'EXPIRED'];
export const isFinalEntitlementStatus = (status: EntitlementStatus): boolean => ENTITLEMENT_FINAL_STATUSES.includes(status);

export const canChangeEntitlementStatus = (from: EntitlementStatus, to: EntitlementStatus): boolean => ENTITLEMENT_TRANSITIONS[from].includes(to);

/** Why a subscription cannot go from `from` to `to`, in the words staff read (the 422's message), or null when it can. */
export function entitlementTransitionRefusal(from: EntitlementStatus, to: EntitlementStatus): string | null {
  if (from === to) return `La suscripción ya está en estado ${ENTITLEMENT_STATUS_LABELS[to]}.`;
  if (canChangeEntitlementStatus(from, to)) return null;
  if (from === 'CANCELLED') return 'Una suscripción cancelada no puede cambiar de estado.';
  const allowed = ENTITLEMENT_TRANSITIONS[from].map((status) => ENTITLEMENT_STATUS_LABELS[status]).join(' o ');
  return `Una suscripción en estado ${ENTITLEMENT_STATUS_LABELS[from]} no puede pasar a ${ENTITLEMENT_STATUS_LABELS[to]}; solo a ${allowed}.`;
}

/** The rule as the API documents it. */
export const ENTITLEMENT_TRANSITIONS_TEXT =
  'PENDING → ACTIVE o CANCELLED; ACTIVE → SUSPENDED, CANCELLED o EXPIRED; SUSPENDED → ACTIVE o CANCELLED; ' +
  'EXPIRED → solo ACTIVE (una renovación: abre un periodo nuevo); CANCELLED es final. El mismo estado, o cualquier otro cambio: 422 con el motivo.';

import { PAYMENT_METHODS, type PaymentMethod } from './payment-method';

export { PAYMENT_METHODS, type PaymentMethod };

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  cheque: 'Cheque',
};

export const MAX_ENTITLEMENT_REASON = 500;

export const ENTITLEMENT_MESSAGES = {
  planRequired: 'Debes indicar un Plan ID.',
  planInvalid: 'El Plan ID no es válido.',
  dspRequired: 'Falta DSP.',
  dspInvalid: 'La DSP no es válida.',
  customerRequired: 'Falta Cliente.',
  customerInvalid: 'El cliente no es válido.',
  customerNotOfDsp: 'El cliente no es de esta DSP.',
  planNotOfDsp: 'El plan no es uno de los planes de esta DSP.',
  planTaken: 'El cliente ya tiene una suscripción de este plan.',
  status: `El estado debe ser ${ENTITLEMENT_STATUSES.join(', ')}.`,
  paymentMethod: `El método de pago debe ser ${PAYMENT_METHODS.join(', ')}.`,
  reasonTooLong: `El motivo no puede superar ${MAX_ENTITLEMENT_REASON} caracteres.`,
} as const;

export const ENTITLEMENT_NOT_FOUND = 'La suscripción no existe.';

export const ENTITLEMENT_ANSWERS = {
  created: 'Suscripción creada correctamente.',
  statusChanged: 'Estado actualizado correctamente.',
} as const;

/** The reason written in the history of a subscription cancelled because its plan was taken off the customer. */
export const PLAN_REMOVED_REASON = 'Plan quitado del cliente.';
