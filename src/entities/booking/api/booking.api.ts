import type { Booking, BookingDsp, BookingStats, BookingStatus, BookingSummary } from '@contract/booking';
import { api, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import type { BookingFilters } from '../model/types';

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

/** The staff member's own time zone: "today" and the date filter are their days. */
export const staffTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Bogota';

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
    searchParams: { include: 'customer,entitlement,entitlement.plan,plan,service,status_histories' },
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

/** The CSV of every booking the filters select. */
export const exportBookings = (dspId: number, filter: BookingFilters) => {
  const searchParams = listSearchParams({ filter: { ...filter } });
  searchParams.set('tz', staffTimeZone());
  return api.getFile(`v1/dsps/${dspId}/bookings/export`, { searchParams, fallback: BOOKING_FALLBACKS.export });
};

export const changeBookingStatus = (id: number, payload: { status: BookingStatus; reason?: string | null }) =>
  api.patch<Booking>(`v1/bookings/${id}/status`, { json: payload, fallback: BOOKING_FALLBACKS.status });
