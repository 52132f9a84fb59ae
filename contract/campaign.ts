import { z } from 'zod';
import { CAMPAIGN_FIELDS } from './campaign.constants';
import { CAMPAIGN_STATUSES } from './campaign-status';
export {
  CAMPAIGN_ANSWERS,
  CAMPAIGN_DEFAULT_SORT,
  CAMPAIGN_DETAIL_INCLUDES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_LIST_INCLUDES,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_SORTS,
} from './campaign.constants';
import { campaignCategory } from './campaign-category';
import { currencyCode, fieldKeys, MAX_NAME_LENGTH, countryRef, idField, recordVersion } from './common';
import { plan, type Plan } from './plan';
import { sponsor } from './sponsor';

export {
  CAMPAIGN_FORM_STATUSES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  PLAN_STATUSES,
  type CampaignStatus,
  type PlanStatus,
} from './campaign-status';

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar 200 caracteres.',
  descriptionTooLong: 'La descripción no puede superar 5000 caracteres.',
  status: 'El estado debe ser DRAFT, ACTIVE, PAUSED o INACTIVE.',
  sponsorRequired: 'El sponsor es requerido',
  sponsorMissing: 'El sponsor seleccionado no existe.',
  countryMissing: 'El país seleccionado no existe.',
  startDate: 'La fecha de inicio no es válida (AAAA-MM-DD).',
  endDate: 'La fecha de fin no es válida (AAAA-MM-DD).',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la de inicio.',
  budget: 'El presupuesto debe ser un número mayor o igual a 0, con hasta 2 decimales.',
  imageNotFile: 'La imagen debe enviarse como archivo.',
  /** Within one sponsor; names are compared trimmed, ignoring case and accents. */
  nameTaken: 'Ya existe una campaña con ese nombre en este sponsor.',
} as const;

export const MAX_DESCRIPTION_LENGTH = 5000;
/** numeric(14,2): twelve digits before the decimal point. */
export const MAX_BUDGET = 999_999_999_999.99;

const emptyToNull = (value: unknown) => (value === '' || value === null ? null : value);

/** 'YYYY-MM-DD' that names a real day. */
export const isCalendarDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const dateField = (message: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: message })
      .trim()
      .refine(isCalendarDate, message)
      .nullable(),
  );

/** '1500000', '1500000.5', '1500000,50' or a JSON number; empty clears it. */
const budgetField = z.preprocess(
  (value) => {
    const empty = emptyToNull(value);
    if (typeof empty !== 'string') return empty;
    const text = empty.trim().replace(',', '.');
    return /^\d{1,12}(\.\d{1,2})?$/.test(text) ? Number(text) : empty;
  },
  z
    .number({ error: CAMPAIGN_MESSAGES.budget })
    .min(0, CAMPAIGN_MESSAGES.budget)
    .max(MAX_BUDGET, CAMPAIGN_MESSAGES.budget)
    .refine((value) => Math.round(value * 100) / 100 === value, CAMPAIGN_MESSAGES.budget)
    .nullable(),
);

const nameField = z
  .string({ error: CAMPAIGN_MESSAGES.nameRequired })
  .trim()
  .min(1, CAMPAIGN_MESSAGES.nameRequired)
  .max(MAX_NAME_LENGTH, CAMPAIGN_MESSAGES.nameTooLong);

const descriptionField = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, CAMPAIGN_MESSAGES.descriptionTooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
);

/**
 * The text fields of a campaign create (multipart, form or JSON); the `image` file travels beside
 * them. `status` defaults to DRAFT and accepts PAUSED too (the API is complete; only the panel's
 * form leaves it out). `country_id` defaults to the sponsor's country. End date not before start
 * date is checked by the server on the merged values, so it also holds for partial updates.
 */
export const campaignFields = z.object({
  name: nameField,
  description: descriptionField.optional(),
  status: z.enum(CAMPAIGN_STATUSES, { error: CAMPAIGN_MESSAGES.status }).optional(),
  sponsor_id: idField(CAMPAIGN_MESSAGES.sponsorRequired, 'El sponsor no es válido.'),
  country_id: z.preprocess((value) => (value === '' || value === null ? undefined : value), idField('El país no es válido.').optional()),
  start_date: dateField(CAMPAIGN_MESSAGES.startDate).optional(),
  end_date: dateField(CAMPAIGN_MESSAGES.endDate).optional(),
  budget: budgetField.optional(),
});
export type CampaignFields = z.input<typeof campaignFields>;

/** An update sends any subset: absent fields keep their value, an empty optional one clears it. */
export const campaignUpdateFields = campaignFields.partial();

/** A plan as a campaign's `include=plans` shows it: the plans API's own item. */
export const campaignPlan = plan;
export type CampaignPlan = Plan;

export const campaign = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  sponsor_id: z.number().int(),
  country_id: z.number().int(),
  /** `/storage/...`, loadable by the browser; null without an image. */
  image_url: z.string().nullable(),
  /** 'YYYY-MM-DD' or null. */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The same values as `start_date` / `end_date` (the panel reads both names). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  budget: z.number().nullable(),
  /** The currency of its budget and its plans' prices: its country's. */
  currency: currencyCode,
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  sponsor: sponsor.omit({ country: true }).optional(),
  country: countryRef.optional(),
  plans: z.array(campaignPlan).optional(),
  /** With `include=categories` (detail only): the campaign's categories, by name. */
  categories: z.array(campaignCategory).optional(),
});
export type Campaign = z.infer<typeof campaign>;

/** CAMPAIGN_FIELDS names exactly the item's fields. */
fieldKeys(campaign, CAMPAIGN_FIELDS);
