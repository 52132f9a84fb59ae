import { z } from 'zod';
import { idField, statusHistoryOf, recordVersion } from './common';
import { ENTITLEMENT_MESSAGES, ENTITLEMENT_STATUSES, MAX_ENTITLEMENT_REASON, PAYMENT_METHODS } from './entitlement.constants';

export {
  ENTITLEMENT_ANSWERS,
  ENTITLEMENT_MESSAGES,
  ENTITLEMENT_NOT_FOUND,
  ENTITLEMENT_STATUSES,
  ENTITLEMENT_STATUS_LABELS,
  ENTITLEMENT_TRANSITIONS,
  ENTITLEMENT_TRANSITIONS_TEXT,
  MAX_ENTITLEMENT_REASON,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PLAN_REMOVED_REASON,
  canChangeEntitlementStatus,
  entitlementTransitionRefusal,
  type EntitlementStatus,
  type PaymentMethod,
} from './entitlement.constants';

const status = z.enum(ENTITLEMENT_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);

/**
 * A stretch of time the subscription covers. `state` is ACTIVE while the period is open and the
 * status that closed it (SUSPENDED, CANCELLED, EXPIRED) afterwards.
 */
export const entitlementPeriod = z.object({
  id: z.number().int(),
  state: status,
  starts_at: z.string(),
  ends_at: z.string(),
  is_open: z.boolean(),
});
export type EntitlementPeriod = z.infer<typeof entitlementPeriod>;

/** One status change of a subscription. */
export const entitlementStatusHistory = statusHistoryOf(status);
export type EntitlementStatusHistory = z.infer<typeof entitlementStatusHistory>;

/** A subscription as a customer's `include=entitlements` lists it; plan, periods and histories on request. */
export const entitlement = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  dsp_id: z.number().int(),
  plan_id: z.number().int(),
  status,
  /** How it was paid; null when not recorded. */
  payment_method: paymentMethod.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  plan: z.object({ id: z.number().int(), name: z.string() }).optional(),
  /** Oldest first. */
  periods: z.array(entitlementPeriod).optional(),
  /** Newest first. */
  status_histories: z.array(entitlementStatusHistory).optional(),
});
export type Entitlement = z.infer<typeof entitlement>;

/** `GET /api/v1/entitlements/{id}` and every write's answer: the subscription with its plan, periods and history. */
export const entitlementDetail = entitlement.extend({
  plan: z.object({ id: z.number().int(), name: z.string() }),
  periods: z.array(entitlementPeriod),
  status_histories: z.array(entitlementStatusHistory),
});
export type EntitlementDetail = z.infer<typeof entitlementDetail>;

/** `POST /api/v1/entitlements` (multipart, form or JSON). */
export const entitlementFields = z.object({
  dsp_id: idField(ENTITLEMENT_MESSAGES.dspRequired, ENTITLEMENT_MESSAGES.dspInvalid),
  customer_id: idField(ENTITLEMENT_MESSAGES.customerRequired, ENTITLEMENT_MESSAGES.customerInvalid),
  plan_id: idField(ENTITLEMENT_MESSAGES.planRequired, ENTITLEMENT_MESSAGES.planInvalid),
  /** Optional; empty means not recorded. */
  payment_method: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(PAYMENT_METHODS, { error: ENTITLEMENT_MESSAGES.paymentMethod }).optional()),
});
export type EntitlementFields = z.input<typeof entitlementFields>;

/** `PATCH /api/v1/entitlements/{id}/status` (form-encoded or JSON): the new status and, optionally, why. */
export const entitlementStatusFields = z.object({
  status: z.enum(ENTITLEMENT_STATUSES, { error: ENTITLEMENT_MESSAGES.status }),
  reason: z
    .preprocess(
      (value) => (value === null ? undefined : value),
      z
        .string({ error: ENTITLEMENT_MESSAGES.reasonTooLong })
        .trim()
        .max(MAX_ENTITLEMENT_REASON, ENTITLEMENT_MESSAGES.reasonTooLong)
        .transform((value) => (value === '' ? null : value))
        .optional(),
    )
    .optional(),
});
export type EntitlementStatusFields = z.input<typeof entitlementStatusFields>;
