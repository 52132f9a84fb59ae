// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

export const CUSTOMER_SORTS = ['id', 'name', 'created_at'] as const;
/** Newest first. */
export const CUSTOMER_DEFAULT_SORT = '-created_at';
/** Customers per page unless `limit` says otherwise. */
export const CUSTOMER_PAGE_SIZE = 12;
/**
 * `entitlements`: the customer's subscriptions; under it `plan` (id, name), `periods` and
 * `status_histories`, each loaded for the whole page at once.
 */
export const CUSTOMER_INCLUDES = ['entitlements', 'entitlements.plan', 'entitlements.periods', 'entitlements.status_histories'] as const;
export const CUSTOMER_FIELDS = ['id', 'dsp_id', 'dni', 'name', 'email', 'phone', 'meta', 'plan_id', 'created_at', 'updated_at', 'version'] as const;

export const MAX_CUSTOMER_DNI = 50;
export const MAX_CUSTOMER_NAME = 255;
export const MAX_CUSTOMER_PHONE = 50;
export const MAX_CUSTOMER_ADDRESS = 500;
export const MAX_CUSTOMER_CITY = 120;

export const CUSTOMER_MESSAGES = {
  dniRequired: 'El DNI es requerido',
  dniTooLong: `El DNI no puede superar ${MAX_CUSTOMER_DNI} caracteres.`,
  nameRequired: 'El nombre es requerido',
  nameTooLong: `El nombre no puede superar ${MAX_CUSTOMER_NAME} caracteres.`,
  emailRequired: 'El email es requerido',
  phoneTooLong: `El teléfono no puede superar ${MAX_CUSTOMER_PHONE} caracteres.`,
  addressTooLong: `La dirección no puede superar ${MAX_CUSTOMER_ADDRESS} caracteres.`,
  cityTooLong: `La ciudad no puede superar ${MAX_CUSTOMER_CITY} caracteres.`,
  meta: 'meta debe ser un objeto con address y city.',
  passwordRequired: 'La contraseña es requerida',
  confirmationRequired: 'Confirma la contraseña.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  plansRequired: 'Selecciona al menos un plan.',
  planInvalid: 'Los planes deben ser identificadores de plan.',
  planNotOfDsp: 'Los planes deben ser planes que vende esta DSP.',
  /** DNI and e-mail are unique within a DSP; another DSP may have a customer with the same ones. */
  dniTaken: 'Ya existe un cliente con ese DNI en esta DSP.',
  emailTaken: 'Ya existe un cliente con ese email en esta DSP.',
  /** What the panel's parent form says when a required field of a new customer is missing. */
  createIncomplete: 'Completa DNI, Nombre, Email y Contraseña (con confirmación).',
} as const;

export const CUSTOMER_NOT_FOUND = 'El cliente no existe.';

export const CUSTOMER_ANSWERS = {
  created: 'Cliente creado correctamente.',
  updated: 'Cliente actualizado correctamente.',
  deleted: 'Cliente eliminado correctamente.',
} as const;

/** The noun of each thing that blocks a customer's delete ('No se puede eliminar: tiene 2 agendamientos'). */
export const CUSTOMER_DEPENDENT_NOUNS = {
  bookings: ['agendamiento', 'agendamientos'],
} as const;
