import {
  BOOKINGS_CSV_HEADER,
  BOOKING_ANSWERS,
  BOOKING_CHART_DAYS,
  BOOKING_DEFAULT_SORT,
  BOOKING_DEFAULT_TIME_ZONE,
  BOOKING_DETAIL_INCLUDES,
  BOOKING_FIELDS,
  BOOKING_INCLUDES,
  BOOKING_NOT_FOUND,
  BOOKING_PAGE_SIZE,
  BOOKING_SORTS,
  booking,
  bookingDsp,
  bookingStats,
  bookingStatusFields,
  bookingSummary,
  bookingTransitionRefusal,
  type Booking,
  type BookingDsp,
  type BookingStatus,
} from '@contract/booking';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { jsonBody, parseBody } from '../body';
import { answer, apiUrl, fail, staleVersionAnswer } from '../envelope';
import { askedIncludes, listOf, matching, shaped, type ListSpec, type MockModule } from '../resource';
import { signedInUser } from './auth';

let sequence = 0;
let historySequence = 0;

/** A booking as the API answers it with every relation included, checked against the contract's schema. */
export const buildBooking = (overrides: Partial<Booking> = {}): Booking => {
  sequence += 1;
  historySequence += 1;
  const created = new Date(Date.UTC(2026, 10, 1, 15) + sequence * 60_000).toISOString();
  const status = overrides.status ?? 'PENDING';
  return booking.parse({
    id: sequence,
    code_ref: `AG-TEST${String(sequence).padStart(4, '0')}`,
    status,
    scheduled_at: new Date(Date.UTC(2026, 10, 20 + (sequence % 5), 15, 30)).toISOString(),
    confirmed_at: null,
    cancelled_at: null,
    consumed_at: null,
    dsp_id: 1,
    customer_id: sequence,
    entitlement_id: sequence,
    plan_service_id: 1,
    plan_id: 1,
    notes: null,
    meta: { country: null, city: null, phone: null, address: null, latitude: null, longitude: null },
    evidence_file_url: null,
    support_file_url: null,
    created_at: created,
    updated_at: created,
    version: 1,
    customer: { id: overrides.customer_id ?? sequence, name: `Cliente ${sequence}`, phone: `30000000${sequence}`, dni: `1000${sequence}`, email: `cliente${sequence}@correo.test`, meta: { city: null, address: null } },
    entitlement: { id: sequence, status: 'ACTIVE', plan_id: 1, plan: { id: 1, name: 'Plan Hogar' } },
    plan: { id: 1, name: 'Plan Hogar' },
    // The DSP as the handlers list it, by its name.
    dsp: { id: overrides.dsp_id ?? 1, name: bookingsDb.dsps.find((dsp) => dsp.id === (overrides.dsp_id ?? 1))?.name ?? 'Reservas Andinas' },
    service: { id: 1, name: 'Cerrajería', event_limit: null, unlimited_events: true, event_period: null },
    status_histories: [{ id: historySequence, old_status: null, new_status: status, reason: null, created_at: created, changed_by: null }],
    ...overrides,
  });
};

/** The DSPs and bookings the handlers answer with, and every export asked for; reset before each test. */
export const bookingsDb = {
  /** The DSPs the signed-in person may see bookings of (`GET v1/booking-dsps`), in that order. */
  dsps: [] as BookingDsp[],
  bookings: [] as Booking[],
  /** The query string of each CSV export, in order. */
  exports: [] as URLSearchParams[],
  reset() {
    bookingsDb.dsps = [];
    bookingsDb.bookings = [];
    bookingsDb.exports = [];
    sequence = 0;
    historySequence = 0;
  },
  addDsp(overrides: Partial<BookingDsp> = {}) {
    const added = bookingDsp.parse({ id: bookingsDb.dsps.length + 1, name: `DSP ${bookingsDb.dsps.length + 1}`, type: 'BOOKING', ...overrides });
    bookingsDb.dsps.push(added);
    return added;
  },
  add(overrides: Partial<Booking> = {}) {
    const added = buildBooking(overrides);
    bookingsDb.bookings.push(added);
    return added;
  },
};

/** The calendar day of an instant in a time zone (YYYY-MM-DD), as the server reads the date filters. */
const dayIn = (at: string | Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
const timeZoneOf = (url: URL) => url.searchParams.get('tz') ?? BOOKING_DEFAULT_TIME_ZONE;

/** `2026-11-22` or `2026-11-01,2026-11-30`: whether `day` falls in it. */
const inDays = (day: string, filter: string) => {
  const [from, to = from] = filter.split(',');
  return day >= from! && day <= to!;
};

/** The list's rules for a request: the date filters read in its `tz`. */
const specOf = (url: URL, includes: readonly string[] = BOOKING_INCLUDES): ListSpec<Booking> => ({
  item: booking,
  sorts: BOOKING_SORTS,
  defaultSort: BOOKING_DEFAULT_SORT,
  pageSize: BOOKING_PAGE_SIZE,
  fields: BOOKING_FIELDS,
  includes,
  search: (row) => [row.code_ref, row.customer?.name, row.customer?.dni, row.customer?.phone],
  filters: {
    scheduled_at: (row, value) => inDays(dayIn(row.scheduled_at, timeZoneOf(url)), value),
    created_at: (row, value) => inDays(dayIn(row.created_at, timeZoneOf(url)), value),
  },
});

const visibleDsp = (dspId: unknown) => bookingsDb.dsps.find((dsp) => dsp.id === Number(dspId));

/** A DSP's bookings (visible to the person) matching the request, or the error answer. */
function dspBookings(url: URL, dspId: unknown): Booking[] | Response {
  const dsp = visibleDsp(dspId);
  if (!dsp) return fail(404, 'La DSP no existe.');
  return matching(bookingsDb.bookings.filter((row) => row.dsp_id === dsp.id), url, specOf(url));
}

const at = () => new Date().toISOString();

/** The booking after moving to `status`: its time stamp and a new history row (newest first). */
function moved(row: Booking, status: BookingStatus, reason: string | null): Booking {
  const now = at();
  historySequence += 1;
  return {
    ...row,
    status,
    confirmed_at: status === 'CONFIRMED' ? now : row.confirmed_at,
    cancelled_at: status === 'CANCELLED' ? now : row.cancelled_at,
    consumed_at: status === 'CONSUMED' ? now : row.consumed_at,
    updated_at: now,
    version: row.version + 1,
    status_histories: [
      { id: historySequence, old_status: row.status, new_status: status, reason, created_at: now, changed_by: { id: signedInUser.id, name: signedInUser.name } },
      ...(row.status_histories ?? []),
    ],
  };
}

/** The bookings API over `bookingsDb`: the DSP picker, list, counters, chart, CSV, detail and status change. */
export const mock: MockModule = {
  stores: [bookingsDb],
  handlers: [
    // The live stream: opens, says ready, then stays silent until the page closes it (a test that
    // needs events adds its own handler with server.use).
    http.get(apiUrl('v1/dsps/:dspId/bookings/stream'), ({ params }) =>
      new HttpResponse(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`retry: 2000\n\nevent: ready\ndata: {"dsp_id":${Number(params.dspId)}}\n\n`));
          },
        }),
        { headers: { 'Content-Type': 'text/event-stream' } },
      ),
    ),
    http.get(apiUrl('v1/booking-dsps'), () => answer(z.array(bookingDsp), bookingsDb.dsps)),
    http.get(apiUrl('v1/dsps/:dspId/bookings'), ({ request, params }) => {
      const url = new URL(request.url);
      const dsp = visibleDsp(params.dspId);
      return dsp ? listOf(bookingsDb.bookings.filter((row) => row.dsp_id === dsp.id), url, specOf(url)) : fail(404, 'La DSP no existe.');
    }),
    http.get(apiUrl('v1/dsps/:dspId/bookings/summary'), ({ request, params }) => {
      const url = new URL(request.url);
      const found = dspBookings(url, params.dspId);
      if (found instanceof Response) return found;
      const today = dayIn(new Date(), timeZoneOf(url));
      return answer(bookingSummary, { total: found.length, today: found.filter((row) => dayIn(row.scheduled_at, timeZoneOf(url)) === today).length, date: today });
    }),
    http.get(apiUrl('v1/dsps/:dspId/bookings/stats'), ({ request, params }) => {
      const url = new URL(request.url);
      const dsp = visibleDsp(params.dspId);
      if (!dsp) return fail(404, 'La DSP no existe.');
      const timeZone = timeZoneOf(url);
      const days = Array.from({ length: BOOKING_CHART_DAYS }, (_, index) => dayIn(new Date(Date.now() - (BOOKING_CHART_DAYS - 1 - index) * 86_400_000), timeZone));
      const rows = bookingsDb.bookings.filter((row) => row.dsp_id === dsp.id);
      return answer(bookingStats, {
        days: days.map((date) => {
          const ofDay = rows.filter((row) => dayIn(row.scheduled_at, timeZone) === date);
          const count = (status: BookingStatus) => ofDay.filter((row) => row.status === status).length;
          return { date, PENDING: count('PENDING'), CONFIRMED: count('CONFIRMED'), CANCELLED: count('CANCELLED'), CONSUMED: count('CONSUMED') };
        }),
      });
    }),
    http.get(apiUrl('v1/dsps/:dspId/bookings/export'), ({ request, params }) => {
      const url = new URL(request.url);
      bookingsDb.exports.push(url.searchParams);
      const found = dspBookings(url, params.dspId);
      if (found instanceof Response) return found;
      const rows = found.map((row) => [row.code_ref, row.status, row.scheduled_at, row.customer?.name ?? '', row.customer?.dni ?? '', row.customer?.phone ?? '', row.plan?.name ?? '', row.service?.name ?? '', row.notes ?? '', row.created_at].join(','));
      return new HttpResponse(['\uFEFF' + BOOKINGS_CSV_HEADER.join(','), ...rows].join('\n'), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="agendamientos.csv"' },
      });
    }),
    http.get(apiUrl('v1/bookings/:id'), ({ request, params }) => {
      const url = new URL(request.url);
      const spec = specOf(url, BOOKING_DETAIL_INCLUDES);
      const found = bookingsDb.bookings.find((row) => row.id === Number(params.id));
      // Another DSP's booking is "not there", never "forbidden".
      if (!found || !visibleDsp(found.dsp_id)) return fail(404, BOOKING_NOT_FOUND);
      return answer(booking, shaped(found, askedIncludes(url, spec), spec));
    }),
    http.patch(apiUrl('v1/bookings/:id/status'), async ({ request, params }) => {
      const index = bookingsDb.bookings.findIndex((row) => row.id === Number(params.id));
      const current = bookingsDb.bookings[index];
      if (!current || !visibleDsp(current.dsp_id)) return fail(404, BOOKING_NOT_FOUND);
      const body = await jsonBody(request);
      const stale = staleVersionAnswer(request, body, shaped(current, [], specOf(new URL(request.url), BOOKING_DETAIL_INCLUDES)));
      if (stale) return stale;
      const input = parseBody(bookingStatusFields, body);
      if (input instanceof Response) return input;
      const refusal = bookingTransitionRefusal(current.status, input.status);
      if (refusal) return fail(422, refusal, { status: [refusal] });
      const updated = moved(current, input.status, input.reason ?? null);
      bookingsDb.bookings[index] = updated;
      return answer(booking, shaped(updated, [], specOf(new URL(request.url), BOOKING_DETAIL_INCLUDES)), BOOKING_ANSWERS.statusChanged);
    }),
  ],
};
