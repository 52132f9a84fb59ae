import { z } from 'zod';

/** Every successful answer: `{status:'success', message, data}`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string().nullable(), data });

/** Every failed answer. `errors` appears only for validation (422), one list per field. */
export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The Laravel paginator every list answers with. */
export const paginator = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
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
  from: number | null;
  to: number | null;
  first_page_url: string;
  last_page_url: string;
  prev_page_url: string | null;
  next_page_url: string | null;
  path: string;
};

/** Largest `limit` a list accepts; the biggest loader in the spec asks for 300. */
export const MAX_LIST_LIMIT = 300;

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

export const idParam = z.object({
  id: z.coerce.number({ error: 'El identificador no es válido.' }).int().positive('El identificador no es válido.'),
});

export const email = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'El email es demasiado largo.')
    .pipe(z.email({ error: 'El email no es válido' }))
    .transform((value) => value.toLowerCase());
