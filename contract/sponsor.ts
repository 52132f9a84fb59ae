import { z } from 'zod';
import { SPONSOR_FIELDS } from './sponsor.constants';
import { fieldKeys, MAX_NAME_LENGTH, countryRef, idField, urlField, recordVersion } from './common';

export { websiteHref } from './website';
export {
  SPONSOR_ANSWERS,
  SPONSOR_DEFAULT_SORT,
  SPONSOR_FIELDS,
  SPONSOR_INCLUDES,
  SPONSOR_NOT_FOUND,
  SPONSOR_PAGE_SIZE,
  SPONSOR_SORTS,
} from './sponsor.constants';

export const SPONSOR_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar 200 caracteres.',
  countryRequired: 'El país es requerido',
  countryMissing: 'El país seleccionado no existe.',
  website: 'El sitio web debe ser una URL http o https válida.',
  logoNotFile: 'El logo debe enviarse como archivo.',
  /** Names are compared trimmed, ignoring case and accents. */
  nameTaken: 'Ya existe un sponsor con ese nombre.',
} as const;

const nameField = z
  .string({ error: SPONSOR_MESSAGES.nameRequired })
  .trim()
  .min(1, SPONSOR_MESSAGES.nameRequired)
  .max(MAX_NAME_LENGTH, SPONSOR_MESSAGES.nameTooLong);

const websiteField = urlField(SPONSOR_MESSAGES.website);

/**
 * The text fields of a sponsor create (multipart, form or JSON). The `logo` file travels beside
 * them; the server adds it to its own body schema.
 */
export const sponsorFields = z.object({
  name: nameField,
  country_id: idField(SPONSOR_MESSAGES.countryRequired, 'El país no es válido.'),
  website_url: websiteField.optional(),
});
export type SponsorFields = z.input<typeof sponsorFields>;

/** An update sends any subset: absent fields keep their value, an empty website clears it. */
export const sponsorUpdateFields = sponsorFields.partial();

export const sponsor = z.object({
  id: z.number().int(),
  name: z.string(),
  country_id: z.number().int(),
  /** `/storage/...`, loadable by the browser; null without a logo. */
  logo_url: z.string().nullable(),
  website_url: z.string().nullable(),
  /** The same value as `website_url` (the panel reads both names). */
  website: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  /** With `include=country`. */
  country: countryRef.optional(),
});
export type Sponsor = z.infer<typeof sponsor>;

/** SPONSOR_FIELDS names exactly the item's fields. */
fieldKeys(sponsor, SPONSOR_FIELDS);
