// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

/** Connectors per page unless `limit` says otherwise (the configuration tab shows them all). */
export const CONNECTOR_PAGE_SIZE = 100;
/** `name` sorts by key: a connector is named by its key. */
export const CONNECTOR_SORTS = ['id', 'name', 'key', 'driver', 'type', 'created_at'] as const;
export const CONNECTOR_DEFAULT_SORT = 'name';
/** `plans`: the connector's plan map, each of our plans with its id in the DSP's system. */
export const CONNECTOR_INCLUDES = ['plans'] as const;
export const CONNECTOR_FIELDS = [
  'id',
  'dsp_id',
  'key',
  'driver',
  'type',
  'enabled',
  'settings',
  'params',
  'varification_policy',
  'created_at',
  'updated_at', 'version',
] as const;

/**
 * What a read shows instead of a stored credential (a password, token or key inside settings or
 * params). Sending it back unchanged keeps the stored value.
 */
export const CREDENTIAL_MASK = '••••••••';

/** Keys that are credentials whole, and endings that make a key one (after trimming, lower-casing, '-', '.' and spaces as '_'). */
export const CREDENTIAL_NAMES: readonly string[] = ['password', 'pass', 'passwd', 'pwd', 'secret', 'token', 'apikey', 'api_key', 'client_secret', 'private_key', 'authorization', 'auth', 'credentials'];
export const CREDENTIAL_ENDINGS: readonly string[] = ['password', 'passwd', 'secret', 'token', 'apikey', 'api_key', 'private_key', 'secret_key', 'access_key'];

/**
 * Whether a connector's settings or params key holds a credential: 'password', 'DB_PASSWORD',
 * 'x-api-key', 'access_token' … The server seals and masks those values; the panel's mock server
 * masks them the same way.
 */
export const isCredentialKey = (key: string) => {
  const name = key.trim().toLowerCase().replace(/[-\s.]+/g, '_');
  return CREDENTIAL_NAMES.includes(name) || CREDENTIAL_ENDINGS.some((ending) => name.endsWith(ending));
};

export const MAX_CONNECTOR_KEY = 100;
export const MAX_EXTERNAL_PLAN_ID = 200;
export const MAX_VERIFICATION_POLICY = 5000;
/** Longest settings or params, as JSON. */
export const MAX_CONNECTOR_JSON = 20_000;

export const CONNECTOR_MESSAGES = {
  /** One message per field, under the field it names. */
  keyRequired: 'La key es obligatoria.',
  driverRequired: 'El driver es obligatorio: elige database o api.',
  typeRequired: 'El tipo es obligatorio: elige BOOKING o PAYMENT.',
  keyTooLong: `La key no puede superar ${MAX_CONNECTOR_KEY} caracteres.`,
  driver: 'El driver debe ser database o api.',
  type: 'El tipo debe ser BOOKING o PAYMENT.',
  settingsRequired: 'El campo "settings" es obligatorio.',
  settingsInvalid: 'El campo "settings" debe ser un JSON válido.',
  paramsRequired: 'El campo "params" es obligatorio.',
  paramsInvalid: 'El campo "params" debe ser un JSON válido.',
  jsonTooLong: `El JSON no puede superar ${MAX_CONNECTOR_JSON} caracteres.`,
  plansRequired: 'Debes agregar al menos un mapeo de plan (plan_id y external_plan_id).',
  externalPlanTooLong: `El external_plan_id no puede superar ${MAX_EXTERNAL_PLAN_ID} caracteres.`,
  planNotOfDsp: 'El plan no es uno de los planes de esta DSP.',
  planTwice: 'Cada plan se mapea una sola vez.',
  policyTooLong: `La política de verificación no puede superar ${MAX_VERIFICATION_POLICY} caracteres.`,
  /** Within one DSP, compared trimmed and ignoring case and accents. */
  keyTaken: 'Ya existe un conector con esa key en esta DSP.',
} as const;

export const CONNECTOR_NOT_FOUND = 'El conector no existe.';

export const CONNECTOR_ANSWERS = {
  created: 'Conector creado correctamente.',
  updated: 'Conector actualizado correctamente.',
  deleted: 'Conector eliminado correctamente.',
} as const;
