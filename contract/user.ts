import { z } from 'zod';
import { USER_FIELDS } from './user.constants';
import { MIN_PASSWORD_LENGTH, SECOND_FACTOR_METHODS } from './auth.constants';
import { fieldKeys, booleanish, email, idField, recordVersion } from './common';
import { role, roleSlugList } from './role';

/** A staff member as every read answers: never with the password hash. */
export const user = z.object({
  id: z.number().int(),
  dni: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  country_id: z.number().int().nullable(),
  /** The country's name. */
  country: z.string().nullable(),
  /** Role names, for display (the spec's `rol`). */
  rol: z.array(z.string()),
  roles: z.array(role),
  /** 'app' once an authenticator app is confirmed; else the code is mailed. */
  second_factor: z.enum(SECOND_FACTOR_METHODS),
  created_at: z.string(),
  version: recordVersion,
});
export type User = z.infer<typeof user>;

export { USER_ANSWERS, USER_DEFAULT_SORT, USER_FIELDS, USER_NOT_FOUND, USER_PAGE_SIZE, USER_SORTS } from './user.constants';

/** The form's messages. */
export const USER_MESSAGES = {
  dniRequired: 'El DNI es requerido',
  nameRequired: 'El nombre es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'El email no es válido',
  phoneRequired: 'El teléfono es requerido',
  passwordRequired: 'La contraseña es requerida',
  passwordTooShort: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  rolesRequired: 'Debes seleccionar al menos un rol',
  emailTaken: 'El email ya está registrado',
  dniTaken: 'El DNI ya está registrado',
} as const;

/** A required text: trimmed, not empty, bounded. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, tooLong);

const password = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, { error: USER_MESSAGES.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(1024, 'La contraseña es demasiado larga.');

const roleSlugs = roleSlugList({ invalid: 'Rol no válido.', tooMany: 'Demasiados roles.', required: USER_MESSAGES.rolesRequired });

/** A country id, or null for none; an empty form value means none. */
const countryId = z.preprocess((value) => (value === '' ? null : value), idField('El país no es válido.').nullable());

const userFields = {
  dni: requiredText(USER_MESSAGES.dniRequired, 50, 'El DNI no puede superar 50 caracteres.'),
  name: requiredText(USER_MESSAGES.nameRequired, 255, 'El nombre no puede superar 255 caracteres.'),
  email: email(USER_MESSAGES.emailRequired),
  phone: requiredText(USER_MESSAGES.phoneRequired, 50, 'El teléfono no puede superar 50 caracteres.'),
  roles: roleSlugs,
  country_id: countryId.optional(),
};

/** POST /api/v1/users. New users are active unless told otherwise. */
export const createUserBody = z.object({
  ...userFields,
  password,
  is_active: booleanish.default(true),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/**
 * PUT /api/v1/users/{id}. The password changes only when one is sent (an empty one counts as not
 * sent); `is_active` and `country_id` left out stay as they are.
 */
export const updateUserBody = z.object({
  ...userFields,
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), password.optional()),
  is_active: booleanish.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** USER_FIELDS names exactly the item's fields. */
fieldKeys(user, USER_FIELDS);
