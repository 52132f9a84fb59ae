import { z } from 'zod';
import { SERVICE_FIELDS } from './service.constants';
import { categoryNameField, categoryRef, optionalTextField } from './category';
import { currencyCode, fieldKeys, booleanish, idField, recordVersion } from './common';
import { metaField } from './meta';
import { EVENT_PERIODS } from './service.constants';
export {
  EVENT_PERIODS,
  EVENT_PERIOD_LABELS,
  SERVICE_ANSWERS,
  SERVICE_DEFAULT_SORT,
  SERVICE_FIELDS,
  SERVICE_INCLUDES,
  SERVICE_LIST_PAGE_SIZE,
  SERVICE_NOT_FOUND,
  SERVICE_PAGE_SIZE,
  SERVICE_PLAN_NOT_FOUND,
  SERVICE_SORTS,
  type EventPeriod,
} from './service.constants';

export const SERVICE_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar 200 caracteres.',
  descriptionTooLong: 'La descripción no puede superar 5000 caracteres.',
  inclusionsTooLong: 'Las inclusiones no pueden superar 5000 caracteres.',
  exclusionsTooLong: 'Las exclusiones no pueden superar 5000 caracteres.',
  planRequired: 'Debes seleccionar el plan al que pertenece el servicio',
  /** The plan is the one of the path on create and never changes afterwards. */
  planFixed: 'El plan de un servicio no se puede cambiar.',
  coverage: 'La cobertura debe ser un número mayor o igual a 0, con hasta 2 decimales.',
  coverageRequired: 'La cobertura es requerida si no es ilimitada.',
  eventLimit: 'El límite de eventos debe ser un número entero mayor o igual a 0.',
  eventLimitRequired: 'El límite de eventos es requerido si no son ilimitados.',
  eventPeriod: `El periodo debe ser ${EVENT_PERIODS.slice(0, -1).join(', ')} o ${EVENT_PERIODS.at(-1)}.`,
  categoryInvalid: 'La categoría no es válida.',
  /** When the plan's campaign has categories. */
  categoryRequired: 'La categoría es requerida',
  categoryElsewhere: 'La categoría no pertenece a la campaña del plan.',
  apoloTooLong: 'El código Apolo no puede superar 100 caracteres.',
  imageNotFile: 'La imagen debe enviarse como archivo.',
} as const;

/** numeric(14,2): twelve digits before the decimal point. */
export const MAX_COVERAGE = 999_999_999_999.99;
/** An integer column. */
const MAX_EVENT_LIMIT = 2_147_483_647;

const emptyToNull = (value: unknown) => (value === '' || value === null ? null : value);

/** '1500000', '1500000.5', '1500000,50' or a JSON number; empty is null. */
const coverageField = z.preprocess(
  (value) => {
    const empty = emptyToNull(value);
    if (typeof empty !== 'string') return empty;
    const text = empty.trim().replace(',', '.');
    return /^\d{1,12}(\.\d{1,2})?$/.test(text) ? Number(text) : empty;
  },
  z
    .number({ error: SERVICE_MESSAGES.coverage })
    .min(0, SERVICE_MESSAGES.coverage)
    .max(MAX_COVERAGE, SERVICE_MESSAGES.coverage)
    .refine((value) => Math.round(value * 100) / 100 === value, SERVICE_MESSAGES.coverage)
    .nullable(),
);

/** '3' or 3; empty is null. */
const eventLimitField = z.preprocess(
  (value) => {
    const empty = emptyToNull(value);
    if (typeof empty !== 'string') return empty;
    return /^\d{1,10}$/.test(empty.trim()) ? Number(empty.trim()) : empty;
  },
  z.number({ error: SERVICE_MESSAGES.eventLimit }).int(SERVICE_MESSAGES.eventLimit).min(0, SERVICE_MESSAGES.eventLimit).max(MAX_EVENT_LIMIT, SERVICE_MESSAGES.eventLimit).nullable(),
);

/** One item per line; a form's CRLF line ends are kept as LF, so a list reads the same however it was sent. */
const lineListField = (tooLong: string) =>
  z.preprocess((value) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value), optionalTextField(5000, tooLong));

/**
 * The text fields of a service (multipart, form or JSON); its plan comes from the path and the
 * `image` file travels beside them. The rules between fields (coverage unless unlimited, event
 * limit unless unlimited) are `serviceRuleErrors`, checked on the values the service will have.
 */
export const serviceFields = z.object({
  name: categoryNameField(SERVICE_MESSAGES),
  description: optionalTextField(5000, SERVICE_MESSAGES.descriptionTooLong).optional(),
  /** Only the plan of the path (create) or the stored one (update): anything else is refused. */
  plan_id: idField(SERVICE_MESSAGES.planRequired).optional(),
  category_id: z.preprocess(emptyToNull, idField(SERVICE_MESSAGES.categoryInvalid).nullable()).optional(),
  coverage_amount: coverageField.optional(),
  unlimited_coverage: booleanish.optional(),
  event_limit: eventLimitField.optional(),
  unlimited_events: booleanish.optional(),
  event_period: z.preprocess(emptyToNull, z.enum(EVENT_PERIODS, { error: SERVICE_MESSAGES.eventPeriod }).nullable()).optional(),
  inclusions: lineListField(SERVICE_MESSAGES.inclusionsTooLong).optional(),
  exclusions: lineListField(SERVICE_MESSAGES.exclusionsTooLong).optional(),
  is_active: booleanish.optional(),
  /** Trimmed; empty is null. */
  apolo_code_ref: optionalTextField(100, SERVICE_MESSAGES.apoloTooLong).optional(),
  meta: metaField.optional(),
});
export type ServiceFields = z.input<typeof serviceFields>;

/** An update sends any subset: absent fields keep their value. */
export const serviceUpdateFields = serviceFields.partial();

/** What the rules between fields look at. */
export interface ServiceLimits {
  coverage_amount: number | null;
  unlimited_coverage: boolean;
  event_limit: number | null;
  unlimited_events: boolean;
}

/**
 * The rules between fields, on the values the service is to have: the coverage amount is required
 * unless the coverage is unlimited, the event limit unless the events are. (Ticking unlimited
 * clears the amount or limit: `clearUnlimited`.)
 */
export function serviceRuleErrors(values: ServiceLimits): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!values.unlimited_coverage && values.coverage_amount === null) errors.coverage_amount = [SERVICE_MESSAGES.coverageRequired];
  if (!values.unlimited_events && values.event_limit === null) errors.event_limit = [SERVICE_MESSAGES.eventLimitRequired];
  return errors;
}

/** Unlimited coverage has no amount, unlimited events no limit. */
export const clearUnlimited = <T extends ServiceLimits>(values: T): T => ({
  ...values,
  coverage_amount: values.unlimited_coverage ? null : values.coverage_amount,
  event_limit: values.unlimited_events ? null : values.event_limit,
});

export const service = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  category_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** Null when the coverage is unlimited. */
  coverage_amount: z.number().nullable(),
  /** The coverage's currency: its plan's. */
  currency: currencyCode,
  unlimited_coverage: z.boolean(),
  /** Null when the events are unlimited. */
  event_limit: z.number().int().nullable(),
  unlimited_events: z.boolean(),
  event_period: z.enum(EVENT_PERIODS).nullable(),
  inclusions: z.string().nullable(),
  exclusions: z.string().nullable(),
  is_active: z.boolean(),
  apolo_code_ref: z.string().nullable(),
  /** JSON as sent, or the text when it was not JSON. */
  meta: z.unknown().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  /** With `include=category`: the campaign category, or null. */
  category: categoryRef.nullable().optional(),
  /** With `include=plan`. */
  plan: z.object({ id: z.number().int(), name: z.string(), campaign_id: z.number().int() }).optional(),
  /** With `include=campaign`: the plan's campaign, enough of it to link to its page. */
  campaign: z.object({ id: z.number().int(), name: z.string(), sponsor_id: z.number().int() }).optional(),
});
export type Service = z.infer<typeof service>;

/** SERVICE_FIELDS names exactly the item's fields. */
fieldKeys(service, SERVICE_FIELDS);
