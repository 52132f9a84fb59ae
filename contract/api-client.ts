import { z } from 'zod';
import { API_CLIENT_FIELDS } from './api-client.constants';
import { fieldKeys, booleanish, MAX_NAME_LENGTH, urlField, recordVersion } from './common';
import {
  API_CLIENT_MESSAGES,
  MAX_BASE_URL,
  MAX_CLIENT_ID,
  MAX_CLIENT_SECRET,
  MAX_LIST_ENTRIES,
  MAX_LIST_ENTRY,
  MAX_RATE_LIMIT,
  MIN_CLIENT_SECRET,
} from './api-client.constants';
import { API_CLIENT_TYPES, RATE_LIMIT_PERIODS } from './dsp.constants';

export {
  API_CLIENT_ANSWERS,
  API_CLIENT_DEFAULT_SORT,
  API_CLIENT_FIELDS,
  API_CLIENT_MESSAGES,
  API_CLIENT_NOT_FOUND,
  API_CLIENT_PAGE_SIZE,
  API_CLIENT_SORTS,
  DEFAULT_RATE_LIMIT_PERIOD,
  MIN_CLIENT_SECRET,
} from './api-client.constants';
export { API_CLIENT_TYPES, DSP_NOT_FOUND, RATE_LIMIT_PERIODS, type ApiClientType, type RateLimitPeriod } from './dsp.constants';

const required = (max: number, tooLong: string) =>
  z.string({ error: API_CLIENT_MESSAGES.required }).trim().min(1, API_CLIENT_MESSAGES.required).max(max, tooLong);

/**
 * A list sent as an array (`scopes[0]`, JSON) or as text with one entry per comma or line: entries
 * trimmed, empty ones dropped, repeats kept once. Empty clears it.
 */
const entryList = z.unknown().transform((value, ctx): string[] => {
  if (value === undefined || value === null || value === '') return [];
  const parts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (!parts || parts.some((part) => typeof part !== 'string')) {
    ctx.addIssue({ code: 'custom', message: API_CLIENT_MESSAGES.list });
    return z.NEVER;
  }
  const entries = [...new Set((parts as string[]).flatMap((part) => part.split(/[,\r\n]+/)).map((entry) => entry.trim()).filter(Boolean))];
  if (entries.length > MAX_LIST_ENTRIES || entries.some((entry) => entry.length > MAX_LIST_ENTRY)) {
    ctx.addIssue({ code: 'custom', message: API_CLIENT_MESSAGES.list });
    return z.NEVER;
  }
  return entries;
});

const baseUrlField = urlField(API_CLIENT_MESSAGES.baseUrl, MAX_BASE_URL);

export interface RateLimitInput {
  max_requests: number | null;
  period: (typeof RATE_LIMIT_PERIODS)[number] | null;
}

/** `{max_requests, period}`; an empty max clears the limit (both null); period defaults to hour. */
const rateLimitField = z.preprocess(
  (value) => (value === '' || value === null ? {} : value),
  z
    .object({
      max_requests: z.preprocess(
        (value) => {
          if (value === '' || value === null || value === undefined) return null;
          return typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
        },
        z.number({ error: API_CLIENT_MESSAGES.rateLimitMax }).int(API_CLIENT_MESSAGES.rateLimitMax).min(0, API_CLIENT_MESSAGES.rateLimitMax).max(MAX_RATE_LIMIT, API_CLIENT_MESSAGES.rateLimitMax).nullable(),
      ),
      period: z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z.enum(RATE_LIMIT_PERIODS, { error: API_CLIENT_MESSAGES.rateLimitPeriod }).optional(),
      ),
    }, { error: API_CLIENT_MESSAGES.rateLimitMax })
    .transform((limit): RateLimitInput => (limit.max_requests === null ? { max_requests: null, period: null } : { max_requests: limit.max_requests, period: limit.period ?? 'hour' })),
);

/** A typed secret; empty means none was typed (on an update: keep the stored one). */
const secretField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string({ error: API_CLIENT_MESSAGES.required }).min(MIN_CLIENT_SECRET, API_CLIENT_MESSAGES.secretTooShort).max(MAX_CLIENT_SECRET, API_CLIENT_MESSAGES.secretTooLong).optional(),
);

const optionalBoolean = z.preprocess((value) => (value === '' || value === null ? undefined : value), booleanish.optional());

const clientShape = {
  name: required(MAX_NAME_LENGTH, API_CLIENT_MESSAGES.nameTooLong),
  base_url: baseUrlField.optional(),
  client_id: required(MAX_CLIENT_ID, API_CLIENT_MESSAGES.clientIdTooLong),
  client_secret: secretField,
  generate_secret: optionalBoolean,
  type: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(API_CLIENT_TYPES, { error: API_CLIENT_MESSAGES.type }).optional()),
  enabled: optionalBoolean,
  scopes: entryList.optional(),
  ip_whitelist: entryList.optional(),
  rate_limit: rateLimitField.optional(),
};

/**
 * An API client create (multipart, form or JSON): name and client_id required, and client_secret
 * unless `generate_secret` is true, when the server generates a strong one; type defaults to
 * BACKEND. That client_id is unique and that every ip_whitelist entry is an IP or a CIDR range is
 * checked by the server.
 */
export const apiClientFields = z.object(clientShape).refine((input) => input.client_secret !== undefined || input.generate_secret === true, {
  path: ['client_secret'],
  message: API_CLIENT_MESSAGES.required,
  // Said together with the other missing fields, not after they are fixed.
  when: () => true,
});

/**
 * An update: any subset, absent fields keep their value. client_secret, when typed, replaces the
 * stored one (empty keeps it); `generate_secret` makes a new one. Either way it is answered once.
 */
export const apiClientUpdateFields = z.object(clientShape).partial();
export type ApiClientFields = z.input<typeof apiClientFields>;

export const apiClient = z.object({
  id: z.number().int(),
  dsp_id: z.number().int(),
  name: z.string(),
  base_url: z.string().nullable(),
  client_id: z.string(),
  type: z.enum(API_CLIENT_TYPES),
  scopes: z.array(z.string()),
  ip_whitelist: z.array(z.string()),
  /** Null: no limit. */
  rate_limit: z.object({ max_requests: z.number().int(), period: z.enum(RATE_LIMIT_PERIODS) }).nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
});
export type ApiClient = z.infer<typeof apiClient>;

/** A write's answer: `client_secret` only when this write set or generated it, never again. */
export const apiClientWithSecret = apiClient.extend({ client_secret: z.string().optional() });
export type ApiClientWithSecret = z.infer<typeof apiClientWithSecret>;

/** API_CLIENT_FIELDS names exactly the item's fields. */
fieldKeys(apiClient, API_CLIENT_FIELDS);
