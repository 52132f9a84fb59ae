import type { Booking, BookingDsp, BookingMeta, BookingStats, BookingStatus, BookingStatusHistory, BookingStreamEvent, BookingSummary } from '@contract/booking';
import { BOOKING_DETAIL_INCLUDES } from '@contract/booking.constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import { staffTimeZone } from '@/shared/lib';

export type { Booking, BookingDsp, BookingMeta, BookingStats, BookingStatus, BookingStatusHistory, BookingStreamEvent, BookingSummary };

/** The list's filters, as the API reads them (and the page's URL keeps them). */
export interface BookingFilters {
  q?: string;
  /** A day (YYYY-MM-DD) in the staff member's time zone. */
  scheduled_at?: string;
}

/** What staff read when a booking call fails without a message of its own. */
export const BOOKING_FALLBACKS = {
  dsps: 'No se pudo cargar la lista de DSP',
  list: 'No se pudieron cargar los agendamientos.',
  detail: 'No se pudo obtener el detalle',
  summary: 'No se pudieron calcular los totales',
  stats: 'No se pudo cargar el gráfico',
  status: 'No se pudo actualizar el estado.',
  export: 'No se pudieron exportar los agendamientos',
} as const;

/** The DSPs whose bookings the person may see (BOOKING or MIXED), by name. */
export const fetchBookingDsps = (signal?: AbortSignal) =>
  api.get<BookingDsp[]>('v1/booking-dsps', { fallback: BOOKING_FALLBACKS.dsps, signal });

export const fetchBookings = (dspId: number, { filter, ...params }: Omit<ListParams, 'filter'> & { filter: BookingFilters }, signal?: AbortSignal) => {
  const searchParams = listSearchParams({ ...params, filter: { ...filter } });
  searchParams.set('tz', staffTimeZone());
  return api.get<Paginated<Booking>>(`v1/dsps/${dspId}/bookings`, { searchParams, fallback: BOOKING_FALLBACKS.list, signal });
};

/** One booking with its customer, plan, service and status history. */
export const fetchBooking = (id: number, signal?: AbortSignal) =>
  api.get<Booking>(`v1/bookings/${id}`, {
    searchParams: { include: BOOKING_DETAIL_INCLUDES.join(',') },
    fallback: BOOKING_FALLBACKS.detail,
    signal,
  });

/** The counters: every booking the filters keep and those scheduled today. */
export const fetchBookingSummary = (dspId: number, filter: BookingFilters, signal?: AbortSignal) => {
  const searchParams = listSearchParams({ filter: { ...filter } });
  searchParams.set('tz', staffTimeZone());
  return api.get<BookingSummary>(`v1/dsps/${dspId}/bookings/summary`, { searchParams, fallback: BOOKING_FALLBACKS.summary, signal });
};

/** Bookings per day and status over the last 30 days. */
export const fetchBookingStats = (dspId: number, signal?: AbortSignal) =>
  api.get<BookingStats>(`v1/dsps/${dspId}/bookings/stats`, { searchParams: { tz: staffTimeZone() }, fallback: BOOKING_FALLBACKS.stats, signal });


/** `version`: the one the person saw; a stale one is refused (409, with the booking as it is now). */
export const changeBookingStatus = (id: number, payload: { status: BookingStatus; reason?: string | null }, version?: number) =>
  api.patch<Booking>(`v1/bookings/${id}/status`, { json: payload, fallback: BOOKING_FALLBACKS.status, version });

type BookingListParams = Omit<ListParams, 'filter'> & { filter: BookingFilters };

const keys = entityKeys('bookings');

/**
 * Query keys and options for bookings. Everything under `all()` changes when a booking does (the
 * live stream and the status change invalidate it); the DSP dropdown sits apart.
 */
export const bookingQueries = {
  ...keys,
  list: (dspId: number, params: BookingListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), dspId, params] as const,
      queryFn: ({ signal }) => fetchBookings(dspId, params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchBooking(id, signal),
    }),
  summaries: () => [...keys.all(), 'summary'] as const,
  summary: (dspId: number, filter: BookingFilters) =>
    queryOptions({
      queryKey: [...bookingQueries.summaries(), dspId, filter] as const,
      queryFn: ({ signal }) => fetchBookingSummary(dspId, filter, signal),
      placeholderData: keepPreviousData,
    }),
  stats: (dspId: number) =>
    queryOptions({
      queryKey: [...keys.all(), 'stats', dspId] as const,
      queryFn: ({ signal }) => fetchBookingStats(dspId, signal),
    }),
  /** The DSP dropdown: which DSPs the person may see bookings of. */
  dsps: () =>
    queryOptions({
      queryKey: ['booking-dsps'] as const,
      queryFn: ({ signal }) => fetchBookingDsps(signal),
    }),
};
