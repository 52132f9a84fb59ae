// No zod here: every list's page reads these (the selection bar) without loading the schemas.

/**
 * The lists that act on many records at once, and what each may do. The call is the list's own
 * path with `/bulk` after it (`POST /api/v1/sponsors/bulk`, `POST /api/v1/dsps/{dspId}/bookings/bulk`).
 */
export const BULK_ACTIONS = {
  bookings: ['status'],
  entitlements: ['status'],
  dsps: ['enable', 'disable'],
  connectors: ['enable', 'disable'],
  clients: ['enable', 'disable'],
  sponsors: ['delete'],
  campaigns: ['delete'],
  categories: ['delete'],
  customers: ['delete'],
  users: ['delete', 'activate', 'deactivate'],
} as const;
export type BulkList = keyof typeof BULK_ACTIONS;
export type BulkAction = (typeof BULK_ACTIONS)[BulkList][number];
export const BULK_ACTION_NAMES = ['status', 'enable', 'disable', 'delete', 'activate', 'deactivate'] as const satisfies readonly BulkAction[];

/** Most records one call acts on, by ids or by filter; more is a 422 (a narrower filter, or several calls). */
export const BULK_MAX_RECORDS = 10_000;

/** Why a record was left as it was, in the answer's `skipped`; each rule's own message otherwise. */
export const BULK_NOT_FOUND = 'No encontrado';

export const BULK_MESSAGES = {
  action: 'La acción no es válida para esta lista.',
  target: 'Envía ids o filter, uno de los dos.',
  ids: 'Los ids deben ser números enteros positivos.',
  tooMany: `Como mucho ${BULK_MAX_RECORDS.toLocaleString('es-CO')} registros por acción. Acota el filtro.`,
  status: 'El estado no es válido.',
  reasonRequired: 'El motivo es requerido',
  reasonTooLong: 'El motivo no puede superar 500 caracteres.',
} as const;
