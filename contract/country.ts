import { z } from 'zod';
import { COUNTRY_FIELDS } from './country.constants';
import { currencyCode, fieldKeys, recordVersion } from './common';

export const country = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable(), currency: currencyCode, version: recordVersion });
export type Country = z.infer<typeof country>;

export { COUNTRY_DEFAULT_SORT, COUNTRY_FIELDS, COUNTRY_NOT_FOUND, COUNTRY_SORTS } from './country.constants';

/**
 * POST and PUT /api/v1/countries: a name, and optionally the ISO 3166-1 alpha-2 code and the ISO 4217
 * currency (without one, the code's own currency).
 */
export const countryBody = z.object({
  name: z
    .string({ error: 'El nombre es requerido' })
    .trim()
    .min(1, { error: 'El nombre es requerido', abort: true })
    .max(100, 'El nombre no puede superar 100 caracteres.'),
  code: z.preprocess(
    (value) => (value === '' || value === null ? null : typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: 'El código debe tener 2 letras (ISO 3166-1).' })
      .regex(/^[A-Z]{2}$/, 'El código debe tener 2 letras (ISO 3166-1).')
      .nullable()
      .optional(),
  ),
  currency: z.preprocess(
    (value) => (value === '' || value === null ? null : typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: 'La moneda debe tener 3 letras (ISO 4217).' })
      .regex(/^[A-Z]{3}$/, 'La moneda debe tener 3 letras (ISO 4217).')
      .nullable()
      .optional(),
  ),
});
export type CountryBody = z.input<typeof countryBody>;

/** COUNTRY_FIELDS names exactly the item's fields. */
fieldKeys(country, COUNTRY_FIELDS);
