import { z } from 'zod';
import { PLAN_FIELDS } from './plan.constants';
import { PLAN_STATUSES } from './campaign-status';
import { currencyCode, fieldKeys, MAX_NAME_LENGTH, idField, recordVersion } from './common';
import {
  COMMITMENT_MONTHS,
  MAX_APOLO_CODE,
  MAX_PLAN_LIST_TEXT,
  MAX_TRIAL_DAYS,
} from './plan.constants';
import { metaField } from './meta';
import { normalizePrice } from './price';
import { service } from './service';

export {
  COMMITMENT_MONTHS,
  DEFAULT_COMMITMENT_MONTHS,
  MAX_TRIAL_DAYS,
  PLAN_ANSWERS,
  PLAN_DEFAULT_SORT,
  PLAN_DEPENDENT_NOUNS,
  PLAN_FIELDS,
  PLAN_INCLUDES,
  PLAN_NOT_FOUND,
  PLAN_PAGE_SIZE,
  PLAN_SORTS,
  PLAN_STATUS_LABELS,
  type CommitmentMonths,
} from './plan.constants';
export { PLAN_STATUSES, type PlanStatus } from './campaign-status';
export { PRICE_MESSAGES, normalizePrice, parsePrice } from './price';

export const MAX_PLAN_DESCRIPTION = 5000;

export const PLAN_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: `El nombre no puede superar ${MAX_NAME_LENGTH} caracteres.`,
  descriptionRequired: 'La descripción es requerida',
  descriptionTooLong: `La descripción no puede superar ${MAX_PLAN_DESCRIPTION} caracteres.`,
  status: 'El estado debe ser DRAFT, ACTIVE o INACTIVE.',
  commitmentMonths: 'La permanencia debe ser de 1, 3, 6, 12, 18 o 24 meses.',
  trialDays: `Los días de prueba deben ser un número entero entre 0 y ${MAX_TRIAL_DAYS}.`,
  inclusionsTooLong: `Las inclusiones no pueden superar ${MAX_PLAN_LIST_TEXT} caracteres.`,
  exclusionsTooLong: `Las exclusiones no pueden superar ${MAX_PLAN_LIST_TEXT} caracteres.`,
  apoloTooLong: `El código Apolo no puede superar ${MAX_APOLO_CODE} caracteres.`,
  planInvalid: 'El plan base no es válido.',
  planMissing: 'El plan base no existe en esta campaña.',
  planSelf: 'Un plan no puede ser mejora de sí mismo.',
  planCycle: 'El plan base no puede ser una mejora de este plan (se formaría un ciclo).',
  imageNotFile: 'La imagen debe enviarse como archivo.',
  documentNotFile: 'El documento debe enviarse como archivo PDF.',
  /** Within one campaign; names are compared trimmed, ignoring case and accents. */
  nameTaken: 'Ya existe un plan con ese nombre en esta campaña.',
} as const;

const emptyToNull = (value: unknown) => (value === '' || value === null ? null : value);
/** '' and null mean "not sent" for fields that have a default. */
const emptyToAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
/** Windows line ends become '\n': the lists are one item per line. */
const lines = (value: string) => value.replace(/\r\n?/g, '\n');

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .transform(lines)
      .pipe(z.string().trim().max(max, tooLong))
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  );

/**
 * The price as people type it (see normalizePrice): '30.000', '30,99', '$ 1.250.000' or a JSON
 * number, kept as an exact dot-decimal string for numeric(14,2); empty clears it.
 */
export const priceField = z.unknown().transform((value, ctx): string | null => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const parsed = normalizePrice(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.value;
});

const commitmentField = z.preprocess(
  (value) => {
    const absent = emptyToAbsent(value);
    return typeof absent === 'string' && /^\s*\d{1,3}\s*$/.test(absent) ? Number(absent) : absent;
  },
  z
    .number({ error: PLAN_MESSAGES.commitmentMonths })
    .refine((value) => (COMMITMENT_MONTHS as readonly number[]).includes(value), PLAN_MESSAGES.commitmentMonths),
);

const trialDaysField = z.preprocess(
  (value) => {
    const empty = emptyToNull(value);
    return typeof empty === 'string' && /^\s*\d{1,6}\s*$/.test(empty) ? Number(empty) : empty;
  },
  z.number({ error: PLAN_MESSAGES.trialDays }).int(PLAN_MESSAGES.trialDays).min(0, PLAN_MESSAGES.trialDays).max(MAX_TRIAL_DAYS, PLAN_MESSAGES.trialDays).nullable(),
);

const booleanField = z.preprocess(
  (value) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    return value;
  },
  z.boolean({ error: 'auto_renew debe ser verdadero o falso (1/0/true/false).' }),
);

/** The base plan of an upgrade; empty (or null) means the plan is not an upgrade. */
const basePlanField = z.preprocess(
  (value) => (value === '' || value === null || value === '0' || value === 0 ? null : value),
  idField(PLAN_MESSAGES.planInvalid).nullable(),
);

/**
 * The text fields of a plan create (multipart, form or JSON); `image` (PNG, JPG, GIF) and
 * `document` (PDF) travel beside them. Name and description are required and trimmed; status
 * defaults to DRAFT, commitment_months to 1, auto_renew to false. That `plan_id` is another plan
 * of the same campaign and forms no cycle is checked by the server.
 */
export const planFields = z.object({
  name: z.string({ error: PLAN_MESSAGES.nameRequired }).trim().min(1, PLAN_MESSAGES.nameRequired).max(MAX_NAME_LENGTH, PLAN_MESSAGES.nameTooLong),
  description: z
    .string({ error: PLAN_MESSAGES.descriptionRequired })
    .trim()
    .min(1, PLAN_MESSAGES.descriptionRequired)
    .max(MAX_PLAN_DESCRIPTION, PLAN_MESSAGES.descriptionTooLong),
  price: priceField.optional(),
  status: z.preprocess(emptyToAbsent, z.enum(PLAN_STATUSES, { error: PLAN_MESSAGES.status }).optional()).optional(),
  inclusions: optionalText(MAX_PLAN_LIST_TEXT, PLAN_MESSAGES.inclusionsTooLong).optional(),
  exclusions: optionalText(MAX_PLAN_LIST_TEXT, PLAN_MESSAGES.exclusionsTooLong).optional(),
  commitment_months: commitmentField.optional(),
  trial_days: trialDaysField.optional(),
  auto_renew: z.preprocess(emptyToAbsent, booleanField.optional()).optional(),
  meta: metaField.optional(),
  apolo_code_ref: optionalText(MAX_APOLO_CODE, PLAN_MESSAGES.apoloTooLong).optional(),
  plan_id: basePlanField.optional(),
});
export type PlanFields = z.input<typeof planFields>;

/** An update sends any subset: absent fields keep their value, an empty optional one clears it. */
export const planUpdateFields = planFields.partial();

/** The campaign of a plan, as `include=campaign` shows it: enough to link to its page and say whose it is. */
export const planCampaignRef = z.object({ id: z.number().int(), name: z.string(), sponsor_id: z.number().int(), sponsor_name: z.string() });
export type PlanCampaignRef = z.infer<typeof planCampaignRef>;

export const plan = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Exact to the cent (stored as numeric(14,2)); null when not set. */
  price: z.number().nullable(),
  /** The price's currency: its campaign's. */
  currency: currencyCode,
  status: z.enum(PLAN_STATUSES),
  image_url: z.string().nullable(),
  document_url: z.string().nullable(),
  /** The same value as `document_url`. */
  pdf_url: z.string().nullable(),
  /** Free text, one item per line. */
  inclusions: z.string().nullable(),
  exclusions: z.string().nullable(),
  commitment_months: z.number().int(),
  trial_days: z.number().int().nullable(),
  auto_renew: z.boolean(),
  meta: z.unknown().nullable(),
  apolo_code_ref: z.string().nullable(),
  /** The base plan when this plan is an upgrade of it. */
  plan_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  /** With `include=campaign`. */
  campaign: planCampaignRef.optional(),
  /** With `include=parent` (`plans.parent` on a campaign): the base plan's id and name. */
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** With `include=services` (`plans.services` on a campaign). */
  services: z.array(service).optional(),
});
export type Plan = z.infer<typeof plan>;

/** PLAN_FIELDS names exactly the item's fields. */
fieldKeys(plan, PLAN_FIELDS);
