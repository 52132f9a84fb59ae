// No zod here: the panel's /agendamientos page, its search parser and the component tests' mock
// server read these without loading the schemas.

/** A booking's status; a new one is PENDING. */
export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'CONSUMED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  PENDING: 'Pendiente',
  CONFIRMED: 'Confirmado',
  CANCELLED: 'Cancelado',
  CONSUMED: 'Completado',
};

/**
 * Where a booking may go from each status. A pending one is confirmed or cancelled; a confirmed
 * one is used (CONSUMED), cancelled or sent back to pending (to be rescheduled); a cancelled one
 * may be reopened as pending; a consumed one is final: the service was delivered.
 */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['CONSUMED', 'CANCELLED', 'PENDING'],
  CANCELLED: ['PENDING'],
  CONSUMED: [],
};

/**
 * The statuses staff are asked to confirm before giving: a completed booking goes nowhere, and a
 * cancelled one comes back only reopened as pending, to be scheduled again.
 */
export const BOOKING_FINAL_STATUSES: readonly BookingStatus[] = ['CANCELLED', 'CONSUMED'];
export const isFinalBookingStatus = (status: BookingStatus): boolean => BOOKING_FINAL_STATUSES.includes(status);

export const canChangeBookingStatus = (from: BookingStatus, to: BookingStatus): boolean => BOOKING_TRANSITIONS[from].includes(to);

/** What the change-state button says, disabled, on a consumed booking. */
export const BOOKING_CONSUMED_LOCKED = 'No puedes cambiar el estado de una reservación CONSUMED';

/** Why a booking cannot go from `from` to `to`, in the words staff read (the 422's message), or null when it can. */
export function bookingTransitionRefusal(from: BookingStatus, to: BookingStatus): string | null {
  if (from === to) return `La reservación ya está en estado ${BOOKING_STATUS_LABELS[to]}.`;
  if (canChangeBookingStatus(from, to)) return null;
  if (from === 'CONSUMED') return BOOKING_CONSUMED_LOCKED;
  const allowed = BOOKING_TRANSITIONS[from].map((status) => BOOKING_STATUS_LABELS[status]).join(' o ');
  return `Una reservación en estado ${BOOKING_STATUS_LABELS[from]} no puede pasar a ${BOOKING_STATUS_LABELS[to]}; solo a ${allowed}.`;
}

/** The rule as the API documents it. */
export const BOOKING_TRANSITIONS_TEXT =
  'PENDING → CONFIRMED o CANCELLED; CONFIRMED → CONSUMED, CANCELLED o PENDING; CANCELLED → PENDING; CONSUMED es final. ' +
  'Cada cambio marca su hora (confirmed_at, cancelled_at, consumed_at) y escribe una fila de historial (quién, cuándo, de, a). ' +
  'El mismo estado, o cualquier otro cambio: 422 con el motivo.';

export const BOOKING_SORTS = ['id', 'code_ref', 'scheduled_at', 'created_at'] as const;
/** Newest first. */
export const BOOKING_DEFAULT_SORT = '-created_at';
/** Bookings per page unless `limit` says otherwise. */
export const BOOKING_PAGE_SIZE = 12;
/**
 * `customer`: name, phone, DNI, e-mail, city, address. `entitlement`: the subscription the booking
 * uses (with `entitlement.plan`). `plan`: the plan (id, name). `dsp`: the DSP (id, name).
 * `service`: the plan's service booked. `status_histories`: every status change, newest first
 * (detail only).
 */
export const BOOKING_INCLUDES = ['customer', 'entitlement', 'entitlement.plan', 'plan', 'dsp', 'service'] as const;
export const BOOKING_DETAIL_INCLUDES = [...BOOKING_INCLUDES, 'status_histories'] as const;
export const BOOKING_FIELDS = [
  'id',
  'code_ref',
  'status',
  'scheduled_at',
  'confirmed_at',
  'cancelled_at',
  'consumed_at',
  'dsp_id',
  'customer_id',
  'entitlement_id',
  'plan_service_id',
  'plan_id',
  'notes',
  'meta',
  'evidence_file_url',
  'support_file_url',
  'created_at',
  'updated_at', 'version',
] as const;

/**
 * The time zone days are read in (the date filters, "today", the chart) when the call names none:
 * Colombia's, where the business runs. The panel sends the staff member's own (`tz`).
 */
export const BOOKING_DEFAULT_TIME_ZONE = 'America/Bogota';
/** Days the chart of bookings per day covers, ending today. */
export const BOOKING_CHART_DAYS = 30;

export const MAX_BOOKING_NOTES = 2000;
export const MAX_BOOKING_META_TEXT = 255;
export const MAX_BOOKING_REASON = 500;

export const BOOKING_MESSAGES = {
  customerRequired: 'Falta Cliente.',
  customerInvalid: 'El cliente no es válido.',
  customerNotOfDsp: 'El cliente no es de esta DSP.',
  entitlementRequired: 'Falta la suscripción.',
  entitlementInvalid: 'La suscripción no es válida.',
  entitlementNotOfCustomer: 'La suscripción no es de este cliente en esta DSP.',
  entitlementNotActive: 'Solo se puede agendar con una suscripción activa.',
  serviceRequired: 'Falta el servicio.',
  serviceInvalid: 'El servicio no es válido.',
  serviceNotOfPlan: 'El servicio no es uno de los servicios del plan de la suscripción.',
  serviceInactive: 'El servicio está inactivo.',
  scheduledRequired: 'La fecha y hora son requeridas.',
  scheduledInvalid: 'La fecha y hora deben ser una fecha ISO 8601 con zona horaria (2026-11-22T15:30:00-05:00).',
  notesTooLong: `Las notas no pueden superar ${MAX_BOOKING_NOTES} caracteres.`,
  meta: 'meta debe ser un objeto con country, city, phone, address, latitude y longitude.',
  metaTextTooLong: `Cada dato de meta puede tener como máximo ${MAX_BOOKING_META_TEXT} caracteres.`,
  latitude: 'La latitud debe ser un número entre -90 y 90.',
  longitude: 'La longitud debe ser un número entre -180 y 180.',
  status: `El estado debe ser ${BOOKING_STATUSES.join(', ')}.`,
  reasonTooLong: `El motivo no puede superar ${MAX_BOOKING_REASON} caracteres.`,
  evidenceNotFile: 'La evidencia debe ser un archivo (PNG, JPG, GIF o PDF).',
  supportNotFile: 'El soporte debe ser un archivo (PNG, JPG, GIF o PDF).',
  consumedNotEditable: 'Una reservación Completada no se puede editar: el servicio ya se prestó.',
  timeZone: 'tz debe ser una zona horaria IANA (por ejemplo America/Bogota).',
  date: 'La fecha debe ser un día AAAA-MM-DD o un rango AAAA-MM-DD,AAAA-MM-DD.',
} as const;

/** The 422 when a service's event limit for the period is used up, with the count and the limit. */
export const bookingLimitReached = (count: number, limit: number, period: string) =>
  `El servicio ya tiene ${count} de ${limit} eventos permitidos en el periodo (${period}).`;

/** A service or a customer with bookings is not deleted: the 409 counts them. */
export const BOOKING_DEPENDENT_NOUN = ['agendamiento', 'agendamientos'] as const;

export const BOOKING_NOT_FOUND = 'La reservación no existe.';

export const BOOKING_ANSWERS = {
  created: 'Reservación creada correctamente.',
  updated: 'Reservación actualizada correctamente.',
  deleted: 'Reservación eliminada correctamente.',
  statusChanged: 'Estado actualizado correctamente.',
} as const;

export const BOOKINGS_CSV_HEADER = ['Código', 'Estado', 'Fecha y hora', 'Cliente', 'DNI', 'Teléfono', 'Plan', 'Servicio', 'Notas', 'Creado'] as const;

/** The event every change to a booking sends on the live stream (`event: booking`). */
export const BOOKING_STREAM_EVENT = 'booking';
