import { z } from 'zod';
import { BOOKING_FIELDS } from './booking.constants';
import { fieldKeys, idField, objectFromText, statusHistoryOf, recordVersion } from './common';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  MAX_BOOKING_META_TEXT,
  MAX_BOOKING_NOTES,
  MAX_BOOKING_REASON,
} from './booking.constants';

export * from './booking.constants';

const status = z.enum(BOOKING_STATUSES);

/** Where the service is delivered: each text or null; latitude and longitude numbers or null. */
export const bookingMeta = z.object({
  country: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type BookingMeta = z.infer<typeof bookingMeta>;

/** One status change of a booking. */
export const bookingStatusHistory = statusHistoryOf(status);
export type BookingStatusHistory = z.infer<typeof bookingStatusHistory>;

/** A booking as every read answers; the relations only with `include`. */
export const booking = z.object({
  id: z.number().int(),
  /** Unique and readable: 'AG-' and eight letters and digits without look-alikes (AG-7K3M9QXD). */
  code_ref: z.string(),
  status,
  scheduled_at: z.string(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  consumed_at: z.string().nullable(),
  dsp_id: z.number().int(),
  customer_id: z.number().int(),
  entitlement_id: z.number().int(),
  plan_service_id: z.number().int(),
  /** The plan of the subscription (and of the service). */
  plan_id: z.number().int(),
  notes: z.string().nullable(),
  meta: bookingMeta,
  evidence_file_url: z.string().nullable(),
  support_file_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  customer: z
    .object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string().nullable(),
      dni: z.string(),
      email: z.string(),
      meta: z.object({ city: z.string().nullable(), address: z.string().nullable() }),
    })
    .optional(),
  entitlement: z
    .object({
      id: z.number().int(),
      status: z.string(),
      plan_id: z.number().int(),
      plan: z.object({ id: z.number().int(), name: z.string() }).optional(),
    })
    .optional(),
  plan: z.object({ id: z.number().int(), name: z.string() }).optional(),
  dsp: z.object({ id: z.number().int(), name: z.string() }).optional(),
  service: z
    .object({
      id: z.number().int(),
      name: z.string(),
      event_limit: z.number().int().nullable(),
      unlimited_events: z.boolean(),
      event_period: z.string().nullable(),
    })
    .optional(),
  /** Newest first; with `include=status_histories` on the detail. */
  status_histories: z.array(bookingStatusHistory).optional(),
});
export type Booking = z.infer<typeof booking>;

const metaText = z.preprocess(
  (value) => (value === '' ? null : value),
  z.string({ error: BOOKING_MESSAGES.metaTextTooLong }).trim().max(MAX_BOOKING_META_TEXT, BOOKING_MESSAGES.metaTextTooLong).nullable().optional(),
);
const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' ? Number(value.trim()) : value),
    z.number({ error: message }).min(min, message).max(max, message).nullable().optional(),
  );

/** `meta` as JSON, as JSON text, or as `meta[city]` in a form; every key optional. */
const metaField = z.preprocess(
  objectFromText,
  z.object(
    {
      country: metaText,
      city: metaText,
      phone: metaText,
      address: metaText,
      latitude: coordinate(-90, 90, BOOKING_MESSAGES.latitude),
      longitude: coordinate(-180, 180, BOOKING_MESSAGES.longitude),
    },
    { error: BOOKING_MESSAGES.meta },
  ),
);

const notes = z.preprocess(
  (value) => (value === '' ? null : value),
  z.string({ error: BOOKING_MESSAGES.notesTooLong }).trim().max(MAX_BOOKING_NOTES, BOOKING_MESSAGES.notesTooLong).nullable().optional(),
);

/** An instant with its offset ('2026-11-22T15:30:00-05:00' or '...Z'), answered back in UTC. */
const scheduledAt = z
  .string({ error: BOOKING_MESSAGES.scheduledRequired })
  .trim()
  .min(1, { error: BOOKING_MESSAGES.scheduledRequired, abort: true })
  .pipe(z.iso.datetime({ offset: true, error: BOOKING_MESSAGES.scheduledInvalid }));

/**
 * `POST /api/v1/dsps/{dspId}/bookings` (JSON, form or multipart): the customer, the subscription
 * (ACTIVE, the customer's at this DSP), the plan's service and the time required; notes, meta and
 * the evidence and support files (`evidence_file`, `support_file`) optional. It starts PENDING.
 */
export const bookingFields = z.object({
  customer_id: idField(BOOKING_MESSAGES.customerRequired, BOOKING_MESSAGES.customerInvalid),
  entitlement_id: idField(BOOKING_MESSAGES.entitlementRequired, BOOKING_MESSAGES.entitlementInvalid),
  plan_service_id: idField(BOOKING_MESSAGES.serviceRequired, BOOKING_MESSAGES.serviceInvalid),
  scheduled_at: scheduledAt,
  notes,
  meta: metaField.optional(),
});
export type BookingFields = z.input<typeof bookingFields>;

/**
 * `PUT /api/v1/bookings/{id}`: the time, notes and meta (any subset; meta merges key by key) and
 * new files. The customer, subscription and service of a booking do not change, nor its status
 * here: the status changes only through `PATCH /api/v1/bookings/{id}/status`.
 */
export const bookingUpdateFields = z.object({
  scheduled_at: scheduledAt.optional(),
  notes,
  meta: metaField.optional(),
});
export type BookingUpdateFields = z.input<typeof bookingUpdateFields>;

/** `PATCH /api/v1/bookings/{id}/status` (JSON or form): the new status and an optional reason. */
export const bookingStatusFields = z.object({
  status: z.enum(BOOKING_STATUSES, { error: BOOKING_MESSAGES.status }),
  reason: z.preprocess(
    (value) => (value === '' ? null : value),
    z.string({ error: BOOKING_MESSAGES.reasonTooLong }).trim().max(MAX_BOOKING_REASON, BOOKING_MESSAGES.reasonTooLong).nullable().optional(),
  ),
});
export type BookingStatusFields = z.input<typeof bookingStatusFields>;

/** `GET /api/v1/dsps/{dspId}/bookings/summary`: the counters over the list's filters. */
export const bookingSummary = z.object({
  /** Every booking the filters keep. */
  total: z.number().int(),
  /**
   * The bookings the same filters keep, the scheduled day included, that are scheduled today in
   * the time zone `tz`: the two counters never contradict each other.
   */
  today: z.number().int(),
  /** Today's date in `tz` (YYYY-MM-DD), the day `today` counts. */
  date: z.string(),
});
export type BookingSummary = z.infer<typeof bookingSummary>;

/** `GET /api/v1/dsps/{dspId}/bookings/stats`: bookings per day (of `scheduled_at`, in `tz`) and status, the last 30 days to today. */
export const bookingStats = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      PENDING: z.number().int(),
      CONFIRMED: z.number().int(),
      CANCELLED: z.number().int(),
      CONSUMED: z.number().int(),
    }),
  ),
});
export type BookingStats = z.infer<typeof bookingStats>;

/**
 * The data of one `event: booking` on the live stream (`GET /api/v1/dsps/{dspId}/bookings/stream`):
 * which booking changed and how. The panel refetches what it shows; the event carries no personal data.
 */
export const bookingStreamEvent = z.object({
  id: z.number().int(),
  dsp_id: z.number().int(),
  kind: z.enum(['created', 'updated', 'status', 'deleted']),
  status: status.nullable(),
});
export type BookingStreamEvent = z.infer<typeof bookingStreamEvent>;

/**
 * `GET /api/v1/booking-dsps`: the DSPs whose bookings the person may see (those that take
 * bookings: BOOKING or MIXED), by name; the bookings screen's DSP dropdown.
 */
export const bookingDsp = z.object({ id: z.number().int(), name: z.string(), type: z.enum(['BOOKING', 'MIXED']) });
export type BookingDsp = z.infer<typeof bookingDsp>;

/** BOOKING_FIELDS names exactly the item's fields. */
fieldKeys(booking, BOOKING_FIELDS);
