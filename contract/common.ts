import { z } from 'zod';
import { websiteHref } from './website';

/** Every successful answer: `{status:'success', message, data}`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string().nullable(), data });

/** Every failed answer. `errors` appears only for validation (422), one list per field. */
export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Only on a 409 for a stale version: `{current}`, the record as it is now. */
  data: z.unknown().optional(),
  /** The request's id (also its `X-Request-Id` header), for staff to quote and operators to find in the log. */
  request_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/**
 * The Laravel paginator every list answers with, plus `total_is_estimate`: true when the list
 * holds more than EXACT_TOTAL_LIMIT rows and `total` (so `last_page`) is an estimate.
 */
export const paginator = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_is_estimate: z.boolean(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    first_page_url: z.string(),
    last_page_url: z.string(),
    prev_page_url: z.string().nullable(),
    next_page_url: z.string().nullable(),
    path: z.string(),
  });
export type Paginator<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_is_estimate: boolean;
  from: number | null;
  to: number | null;
  first_page_url: string;
  last_page_url: string;
  prev_page_url: string | null;
  next_page_url: string | null;
  path: string;
};

export { EXACT_TOTAL_LIMIT, MAX_LIST_LIMIT } from './list.constants';

/** Form bodies carry booleans as `1/0/true/false`; JSON bodies as real booleans. */
export const booleanish = z.preprocess(
  (value) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    return value;
  },
  z.boolean({ error: 'Debe ser verdadero o falso (1/0/true/false).' }),
);

/** Every id column is a PostgreSQL integer (int4), so a record id runs from 1 to 2³¹−1. */
export const MAX_RECORD_ID = 2_147_483_647;
/** Canonical decimal: no sign, leading zero, space, exponent or hex; at most 10 digits. */
const RECORD_ID_TEXT = /^[1-9][0-9]{0,9}$/;
const INVALID_ID = 'El identificador no es válido.';

/**
 * The one definition of a record id written as text (a path segment, a filter value): canonical
 * decimal within 1..MAX_RECORD_ID, or null. An id that cannot exist is refused here, so it never
 * reaches the database, where a value above the int4 range is an error rather than "not found".
 */
export function parseRecordId(value: string): number | null {
  if (!RECORD_ID_TEXT.test(value)) return null;
  const id = Number(value);
  return id <= MAX_RECORD_ID ? id : null;
}

/** A record id in a path (`/users/:id`): a number for the handler, or 400 'El identificador no es válido.'. */
export const recordIdParam = z
  .string({ error: INVALID_ID })
  .regex(RECORD_ID_TEXT, INVALID_ID)
  .transform((value, ctx) => {
    const id = parseRecordId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_ID });
      return z.NEVER;
    }
    return id;
  });

/** A record id in a body, as a form ('12') or JSON (12) sends it; empty means absent. */
/**
 * A record's version: 1 when created, one more on every change. A write that sends it back (header
 * `If-Match`, or `version` in the body of a form) is refused with a 409 when someone else changed
 * the record since; a write without it is accepted as before.
 */
export const recordVersion = z.number().int().positive().describe('Versión del registro: sube en cada cambio. Envíala en If-Match o en version para que la escritura falle con 409 si otra persona lo cambió.');

/** The `version` a form sends with an update (the one it opened): optional, a 422 when it is not a version. */
export const versionField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
  z.number({ error: 'La versión debe ser un número entero positivo.' }).int('La versión debe ser un número entero positivo.').positive('La versión debe ser un número entero positivo.').optional(),
);

export const idField = (required: string, invalid = required) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(MAX_RECORD_ID, invalid),
  );

/** The keys every answer of an item carries: all but its optional ones (the relations `include` adds). */
export type FieldKeys<Z extends z.ZodType> = { [K in keyof z.output<Z>]-?: object extends Pick<z.output<Z>, K> ? never : K }[keyof z.output<Z>] & string;

/**
 * Holds an item's `X_FIELDS` (in its .constants.ts, which the panel's pages read without zod) to
 * the item at compile time: the call does not compile unless `fields` names exactly its field keys.
 */
export const fieldKeys = <Z extends z.ZodObject, const F extends readonly string[]>(
  _item: Z,
  _fields: F &
    ([Exclude<F[number], FieldKeys<Z>>, Exclude<FieldKeys<Z>, F[number]>] extends [never, never]
      ? unknown
      : { 'the fields differ from the contract': { not_in_contract: Exclude<F[number], FieldKeys<Z>>; missing: Exclude<FieldKeys<Z>, F[number]> } }),
): void => undefined;

/**
 * A JSON object sent as one (a JSON body) or as its text (a form): nothing at all (or only spaces)
 * is refused with `required`, text that is no JSON with `invalid`, JSON that is no object (an
 * array, a number) with `notObject`, and one whose JSON passes `max` characters with `tooLong`.
 */
export const jsonObjectField = (messages: { required: string; invalid: string; notObject: string; tooLong: string }, max: number) =>
  z.unknown().transform((value, ctx): Record<string, unknown> => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return refuse(messages.required);
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        return refuse(messages.invalid);
      }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse(messages.notObject);
    if (JSON.stringify(parsed).length > max) return refuse(messages.tooLong);
    return parsed as Record<string, unknown>;
  });

/**
 * A preprocess for an object sent as JSON, as JSON text, or as `meta[city]` in a form: nothing
 * becomes {}, text is parsed (left as it is when it is no JSON, for the object's own error).
 */
export const objectFromText = (value: unknown): unknown => {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * A list of record ids as a form (`plans[0]=3&plans[1]=7`, or one `plans=3`) or JSON ([3, 7])
 * sends it, each also as `{id}` or `{plan_id}`; repeated ids count once. At least one, at most `max`.
 */
export const idList = (required: string, invalid: string, max?: number) => {
  const ids = z
    .array(
      z.preprocess(
        (item) => {
          // `plans[0][id]` (or `[plan_id]`) from a form that keeps each plan's fields together.
          const id = typeof item === 'object' && item !== null ? ((item as { id?: unknown; plan_id?: unknown }).id ?? (item as { plan_id?: unknown }).plan_id) : item;
          return typeof id === 'string' && /^\s*\d{1,10}\s*$/.test(id) ? Number(id) : id;
        },
        z.number({ error: invalid }).int(invalid).positive(invalid).max(MAX_RECORD_ID, invalid),
      ),
      { error: invalid },
    )
    .min(1, required);
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      return Array.isArray(value) ? value : [value];
    },
    (max === undefined ? ids : ids.max(max, invalid)).transform((list) => [...new Set(list)]),
  );
};

/** Longest sponsor or campaign name accepted. */
export const MAX_NAME_LENGTH = 200;

/**
 * The ISO 4217 code amounts are in ('COP', 'USD', 'MXN'): a campaign's comes from its country, a
 * plan's and a sale's from their campaign; null when the country has none.
 */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .nullable()
  .describe('Moneda ISO 4217 (COP, USD, MXN…): la del país de la campaña; null si el país no tiene.');

/** A record's country as `include=country` shows it. */
export const countryRef = z.object({ id: z.number().int(), name: z.string() });
export type CountryRef = z.infer<typeof countryRef>;

/**
 * `GET /api/v1/{resource}/:id/deletion`, asked before the delete dialog opens: whether the caller
 * may delete the record now and, if not, the same Spanish reason the delete itself would answer
 * (e.g. 'No se puede eliminar: tiene 3 campañas'). Same permission as the delete; the delete still
 * checks again, since a dependent may appear in between.
 */
export const deletionCheck = z.object({ deletable: z.boolean(), reason: z.string().nullable() });
export type DeletionCheck = z.infer<typeof deletionCheck>;

/**
 * One status change of a record (a subscription's, a booking's), with its own statuses: from (null
 * on the row written at creation), to, why, when and who (null once that person is deleted, or
 * for the demo data).
 */
export const statusHistoryOf = <S extends z.ZodType>(status: S) =>
  z.object({
    id: z.number().int(),
    old_status: status.nullable(),
    new_status: status,
    reason: z.string().nullable(),
    created_at: z.string(),
    changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  });

/** The path params of every `/:id` route. */
export const idParam = z.object({ id: recordIdParam });

export const email = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'El email es demasiado largo.')
    .pipe(z.email({ error: 'El email no es válido' }))
    .transform((value) => value.toLowerCase());

/**
 * An address a person types (a website, an API client's base URL): empty clears it (null);
 * anything else must be an http(s) URL, stored with its scheme ('app.nortesalud.co' →
 * 'https://app.nortesalud.co'), at most `max` characters.
 */
export const urlField = (message: string, max = 2048) =>
  z.preprocess((value) => (value === null ? '' : value), z.string({ error: message })).transform((value, ctx) => {
    if (value.trim() === '') return null;
    const href = websiteHref(value);
    if (href === null || href.length > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return href;
  });

/**
 * What a DELETE answers in `data`: the history entry of the delete, which
 * `POST /api/v1/audit/{entry_id}/restore` brings back until `restorable_until`.
 */
export const deletedRecord = z.object({ entry_id: z.number().int(), restorable_until: z.string() });
export type DeletedRecord = z.infer<typeof deletedRecord>;

/** A restored record, as its own create answers it (each resource's item; an API client's with its new secret). */
export const restoredRecord = z.looseObject({ id: z.number().int() });
