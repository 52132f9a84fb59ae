import { z } from 'zod';
import { CUSTOMER_FIELDS } from './customer.constants';
import { MIN_PASSWORD_LENGTH } from './auth.constants';
import { fieldKeys, email, idList, objectFromText, recordVersion } from './common';
import {
  CUSTOMER_MESSAGES,
  MAX_CUSTOMER_ADDRESS,
  MAX_CUSTOMER_CITY,
  MAX_CUSTOMER_DNI,
  MAX_CUSTOMER_NAME,
  MAX_CUSTOMER_PHONE,
} from './customer.constants';
import { entitlement } from './entitlement';

export {
  CUSTOMER_ANSWERS,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_DEPENDENT_NOUNS,
  CUSTOMER_FIELDS,
  CUSTOMER_INCLUDES,
  CUSTOMER_MESSAGES,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORTS,
} from './customer.constants';

export const customerMeta = z.object({ address: z.string().nullable(), city: z.string().nullable() });
export type CustomerMeta = z.infer<typeof customerMeta>;

/** A DSP's customer as every read answers: never with a password or its hash. */
export const customer = z.object({
  id: z.number().int(),
  dsp_id: z.number().int(),
  dni: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  meta: customerMeta,
  /** The plans the customer holds: those of their subscriptions that are not cancelled. */
  plan_id: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  /** With `include=entitlements` (and `entitlements.plan`, `.periods`, `.status_histories`). */
  entitlements: z.array(entitlement).optional(),
});
export type Customer = z.infer<typeof customer>;

/**
 * `GET /api/v1/dsps/{dspId}/customer-plans`: the DSP's name and the plans it sells, for whoever
 * may see its customers (the DSP's own endpoints need `dsps.manage`, which assigned staff lack).
 */
export const customerDspPlans = z.object({
  id: z.number().int(),
  name: z.string(),
  plans: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().nullable() })),
});
export type CustomerDspPlans = z.infer<typeof customerDspPlans>;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, tooLong);

/** Optional text: trimmed, and empty stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? null : value),
    z
      .string({ error: tooLong })
      .trim()
      .max(max, tooLong)
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  );

/** `meta`: an object with address and city (both optional), as JSON, as JSON text, or as `meta[address]` in a form. */
const metaField = z.preprocess(
  objectFromText,
  z.object(
    {
      address: optionalText(MAX_CUSTOMER_ADDRESS, CUSTOMER_MESSAGES.addressTooLong).optional(),
      city: optionalText(MAX_CUSTOMER_CITY, CUSTOMER_MESSAGES.cityTooLong).optional(),
    },
    { error: CUSTOMER_MESSAGES.meta },
  ),
);

/**
 * The plans: `plan_id[0]=3&plan_id[1]=7` (or one `plan_id=3`) in a form, a list in JSON; each
 * also as `{id}` or `{plan_id}`; repeated ids count once. At least one.
 */
const planIds = idList(CUSTOMER_MESSAGES.plansRequired, CUSTOMER_MESSAGES.planInvalid, 100);

const password = z
  .string({ error: CUSTOMER_MESSAGES.passwordRequired })
  .min(1, { error: CUSTOMER_MESSAGES.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`)
  .max(1024, 'La contraseña es demasiado larga.');
const absentWhenEmpty = (value: unknown) => (value === '' || value === null ? undefined : value);

const fields = {
  dni: requiredText(CUSTOMER_MESSAGES.dniRequired, MAX_CUSTOMER_DNI, CUSTOMER_MESSAGES.dniTooLong),
  name: requiredText(CUSTOMER_MESSAGES.nameRequired, MAX_CUSTOMER_NAME, CUSTOMER_MESSAGES.nameTooLong),
  email: email(CUSTOMER_MESSAGES.emailRequired),
  phone: optionalText(MAX_CUSTOMER_PHONE, CUSTOMER_MESSAGES.phoneTooLong).optional(),
  meta: metaField.optional(),
  plan_id: planIds,
};

/** The password and its confirmation must be equal (the error goes on the confirmation). */
const confirmed = (input: { password?: string; password_confirmation?: string }, ctx: z.RefinementCtx) => {
  if (input.password !== undefined && input.password !== input.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: input.password_confirmation === undefined ? CUSTOMER_MESSAGES.confirmationRequired : CUSTOMER_MESSAGES.passwordsDiffer,
    });
  }
};

/**
 * `POST /api/v1/dsps/{dspId}/customers`: DNI, name, e-mail, password with its confirmation and at
 * least one of the DSP's plans required; phone and meta (address, city) optional.
 */
export const customerFields = z
  .object({
    ...fields,
    password,
    password_confirmation: z.preprocess(absentWhenEmpty, z.string({ error: CUSTOMER_MESSAGES.confirmationRequired }).optional()),
  })
  .superRefine(confirmed);
export type CustomerFields = z.input<typeof customerFields>;

/**
 * `PUT /api/v1/customers/{id}`: any subset (absent fields keep their value). The password changes
 * only when one is sent (empty counts as not sent), and then it must match its confirmation.
 * `plan_id`, when sent, is the customer's whole list of plans.
 */
export const customerUpdateFields = z
  .object({
    dni: fields.dni.optional(),
    name: fields.name.optional(),
    email: fields.email.optional(),
    phone: fields.phone,
    meta: fields.meta,
    plan_id: planIds.optional(),
    password: z.preprocess(absentWhenEmpty, password.optional()),
    password_confirmation: z.preprocess(absentWhenEmpty, z.string({ error: CUSTOMER_MESSAGES.confirmationRequired }).optional()),
  })
  .superRefine(confirmed);
export type CustomerUpdateFields = z.input<typeof customerUpdateFields>;

/** CUSTOMER_FIELDS names exactly the item's fields. */
fieldKeys(customer, CUSTOMER_FIELDS);
