// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

/** API clients per page unless `limit` says otherwise. */
export const API_CLIENT_PAGE_SIZE = 50;
export const API_CLIENT_SORTS = ['id', 'name', 'client_id', 'type', 'created_at'] as const;
export const API_CLIENT_DEFAULT_SORT = 'name';
export const API_CLIENT_FIELDS = [
  'id',
  'dsp_id',
  'name',
  'base_url',
  'client_id',
  'type',
  'scopes',
  'ip_whitelist',
  'rate_limit',
  'enabled',
  'created_at',
  'updated_at', 'version',
] as const;

export const MAX_CLIENT_ID = 200;
export const MAX_BASE_URL = 2000;
/** A typed secret is hashed with a fast hash, so it must be long enough not to be guessed. */
export const MIN_CLIENT_SECRET = 16;
export const MAX_CLIENT_SECRET = 500;
/** Most entries in scopes or ip_whitelist, and the longest entry. */
export const MAX_LIST_ENTRIES = 100;
export const MAX_LIST_ENTRY = 200;
export const MAX_RATE_LIMIT = 1_000_000_000;
export const DEFAULT_RATE_LIMIT_PERIOD = 'hour';

export const API_CLIENT_MESSAGES = {
  required: 'Los campos name, client_id y client_secret son obligatorios.',
  nameTooLong: 'El nombre no puede superar 200 caracteres.',
  clientIdTooLong: `El client_id no puede superar ${MAX_CLIENT_ID} caracteres.`,
  secretTooShort: `El client_secret debe tener al menos ${MIN_CLIENT_SECRET} caracteres.`,
  secretTooLong: `El client_secret no puede superar ${MAX_CLIENT_SECRET} caracteres.`,
  baseUrl: 'La URL base debe ser una URL válida (http o https).',
  type: 'El tipo debe ser BACKEND, PARTNER, INTEGRATOR o ANALYTICS.',
  list: `Escribe una entrada por línea o separadas por comas (como máximo ${MAX_LIST_ENTRIES}, de ${MAX_LIST_ENTRY} caracteres cada una).`,
  rateLimitMax: 'El máximo de solicitudes debe ser un número entero mayor o igual a 0.',
  rateLimitPeriod: 'El periodo debe ser minute, hour o day.',
  /** Names the refused entry. */
  ipEntry: (entry: string) => `"${entry}" no es una dirección IP ni un rango CIDR.`,
  clientIdTaken: 'Ya existe un cliente API con ese client_id.',
} as const;

export const API_CLIENT_NOT_FOUND = 'El cliente API no existe.';

export const API_CLIENT_ANSWERS = {
  created: 'Cliente API creado correctamente.',
  updated: 'Cliente API actualizado correctamente.',
  deleted: 'Cliente API eliminado correctamente.',
} as const;
