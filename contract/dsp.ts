import { z } from 'zod';
import { DSP_FIELDS } from './dsp.constants';
import { fieldKeys, MAX_NAME_LENGTH, booleanish, countryRef, idField, idList, jsonObjectField, urlField, recordVersion } from './common';
import { DSP_TYPES } from './dsp.constants';

export {
  DSP_ANSWERS,
  DSP_DEFAULT_SORT,
  DSP_DEPENDENT_NOUNS,
  DSP_FIELDS,
  DSP_INCLUDES,
  DSP_NOT_FOUND,
  DSP_PAGE_SIZE,
  DSP_SETTINGS_TEMPLATE,
  dspSettingsTemplate,
  DSP_SORTS,
  DSP_STAFF_DEFAULT_SORT,
  DSP_STAFF_FIELDS,
  DSP_STAFF_LIMIT,
  DSP_STAFF_PAGE_SIZE,
  DSP_STAFF_SORTS,
  DSP_TYPES,
  DSP_TYPE_LABELS,
  dspStaffAnswer,
  type DspType,
} from './dsp.constants';

/** Longest settings JSON accepted, written out. */
export const MAX_DSP_SETTINGS_LENGTH = 100_000;
/** Longest address; phones and e-mail have their own. */
export const MAX_DSP_ADDRESS = 500;
export const MAX_DSP_PHONE = 50;

export const DSP_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: `El nombre no puede superar ${MAX_NAME_LENGTH} caracteres.`,
  type: 'El tipo debe ser SALE, BOOKING o MIXED.',
  countryRequired: 'El país es requerido',
  countryInvalid: 'El país no es válido.',
  countryMissing: 'El país seleccionado no existe.',
  sponsorRequired: 'El sponsor es requerido',
  sponsorInvalid: 'El sponsor no es válido.',
  sponsorMissing: 'El sponsor seleccionado no existe.',
  /** A DSP belongs to one sponsor for good: its plans, customers and connectors hang on it. */
  sponsorLocked: 'El sponsor de una DSP no se puede cambiar.',
  plansRequired: 'Selecciona al menos un plan.',
  planInvalid: 'Los planes deben ser identificadores de plan.',
  plansNotOfSponsor: 'Los planes deben ser planes de las campañas del sponsor de la DSP.',
  settingsRequired: 'El JSON de settings es obligatorio.',
  settingsInvalid: 'El campo settings no contiene un JSON válido.',
  settingsNotObject: 'El campo settings debe ser un objeto JSON ({ … }).',
  settingsTooLong: `El JSON de settings no puede superar ${MAX_DSP_SETTINGS_LENGTH} caracteres.`,
  website: 'El sitio web debe ser una URL http o https válida.',
  addressTooLong: `La dirección no puede superar ${MAX_DSP_ADDRESS} caracteres.`,
  phoneTooLong: `El teléfono no puede superar ${MAX_DSP_PHONE} caracteres.`,
  email: 'El email no es válido',
  enabled: 'enabled debe ser verdadero o falso (1/0/true/false).',
  imageNotFile: 'La imagen debe enviarse como archivo.',
  /** Names are compared trimmed, ignoring case and accents. */
  nameTaken: 'Ya existe una DSP con ese nombre.',
  usersRequired: 'Indica al menos un usuario.',
  userInvalid: 'Los usuarios deben ser identificadores de usuario.',
  usersMissing: 'Usuarios que no existen o no están activos',
} as const;

/** A plan a connector of the DSP maps cannot leave the DSP: the map would point at a plan it no longer sells. */
export const dspPlanMappedMessage = (plan: string, connectorKey: string) =>
  `El plan ${plan} está en el mapa de planes del conector ${connectorKey}: quítalo de ese mapa antes de quitarlo de la DSP.`;

const emptyToNull = (value: unknown) => (value === '' || value === null ? null : value);

/** Optional text: trimmed, and empty (or only spaces) stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(max, tooLong)
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  );

const websiteField = urlField(DSP_MESSAGES.website);

const emailField = z.preprocess(
  emptyToNull,
  z
    .string({ error: DSP_MESSAGES.email })
    .trim()
    .max(254, 'El email es demasiado largo.')
    .transform((value) => (value === '' ? null : value.toLowerCase()))
    .pipe(z.email({ error: DSP_MESSAGES.email }).nullable())
    .nullable(),
);

/**
 * The DSP's settings: a JSON object, sent as JSON text (a form) or as an object (a JSON body).
 * Required: a DSP's storefront cannot start without them.
 */
export const dspSettingsField = jsonObjectField(
  { required: DSP_MESSAGES.settingsRequired, invalid: DSP_MESSAGES.settingsInvalid, notObject: DSP_MESSAGES.settingsNotObject, tooLong: DSP_MESSAGES.settingsTooLong },
  MAX_DSP_SETTINGS_LENGTH,
);


/**
 * The fields of a DSP create (multipart, form or JSON); the `image` file (PNG, JPG, GIF) travels
 * beside them. That the plans are plans of the sponsor's campaigns is checked by the server.
 */
export const dspFields = z.object({
  name: z.string({ error: DSP_MESSAGES.nameRequired }).trim().min(1, DSP_MESSAGES.nameRequired).max(MAX_NAME_LENGTH, DSP_MESSAGES.nameTooLong),
  type: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(DSP_TYPES, { error: DSP_MESSAGES.type }).default('SALE')),
  country_id: idField(DSP_MESSAGES.countryRequired, DSP_MESSAGES.countryInvalid),
  sponsor_id: idField(DSP_MESSAGES.sponsorRequired, DSP_MESSAGES.sponsorInvalid),
  plans: idList(DSP_MESSAGES.plansRequired, DSP_MESSAGES.planInvalid),
  settings: dspSettingsField,
  website_url: websiteField.optional(),
  address: optionalText(MAX_DSP_ADDRESS, DSP_MESSAGES.addressTooLong).optional(),
  phone_primary: optionalText(MAX_DSP_PHONE, DSP_MESSAGES.phoneTooLong).optional(),
  phone_secondary: optionalText(MAX_DSP_PHONE, DSP_MESSAGES.phoneTooLong).optional(),
  email_primary: emailField.optional(),
  enabled: z.preprocess((value) => (value === '' || value === null ? undefined : value), booleanish.optional()).optional(),
});
export type DspFields = z.input<typeof dspFields>;

/**
 * An update sends any subset: absent fields keep their value, an empty optional one clears it;
 * `plans`, when sent, replaces the DSP's plans (still at least one). `sponsor_id` may be sent
 * only unchanged.
 */
export const dspUpdateFields = dspFields.partial().extend({
  type: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(DSP_TYPES, { error: DSP_MESSAGES.type }).optional()),
  plans: idList(DSP_MESSAGES.plansRequired, DSP_MESSAGES.planInvalid).optional(),
  settings: dspSettingsField.optional(),
});

/** `POST` / `PUT /api/v1/dsps/:id/users`: the staff to assign, or to take off the DSP. */
export const dspUsersBody = z.object({ users: idList(DSP_MESSAGES.usersRequired, DSP_MESSAGES.userInvalid) });

/** A person as the DSP's staff list (`GET /dsps/{id}/users`) and the staff picker show them. */
export const dspStaffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  dni: z.string().nullable(),
  /** The names of their roles. */
  rol: z.array(z.string()),
});
export type DspStaffMember = z.infer<typeof dspStaffMember>;

/** A person of the DSP's staff as `include=users` names them; the rest comes from its staff list. */
export const dspStaffRef = dspStaffMember.pick({ id: true, name: true });
export type DspStaffRef = z.infer<typeof dspStaffRef>;

export const dspPlanRef = z.object({ id: z.number().int(), name: z.string(), campaign_id: z.number().int() });
export type DspPlanRef = z.infer<typeof dspPlanRef>;

export const dsp = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DSP_TYPES),
  country_id: z.number().int(),
  sponsor_id: z.number().int(),
  website_url: z.string().nullable(),
  address: z.string().nullable(),
  phone_primary: z.string().nullable(),
  phone_secondary: z.string().nullable(),
  email_primary: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  /** `/storage/...`, loadable by the browser; null without an image. */
  image_url: z.string().nullable(),
  /** The same value as `image_url` (the panel reads both names). */
  image_path: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  /** With `include=country`. */
  country: countryRef.optional(),
  /** With `include=sponsor`. */
  sponsor: z.object({ id: z.number().int(), name: z.string() }).optional(),
  /** With `include=plans`: the plans it sells. */
  plans: z.array(dspPlanRef).optional(),
  /** With `include=users`: its assigned staff by name, id and name only. */
  users: z.array(dspStaffRef).optional(),
});
export type Dsp = z.infer<typeof dsp>;

/** DSP_FIELDS names exactly the item's fields. */
fieldKeys(dsp, DSP_FIELDS);
