import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import type { BookingFilters } from '../model/types';
import { fetchBooking, fetchBookingDsps, fetchBookingStats, fetchBookingSummary, fetchBookings } from './booking.api';

type BookingListParams = Omit<ListParams, 'filter'> & { filter: BookingFilters };

/**
 * Query keys and options for bookings. Everything under `all()` changes when a booking does (the
 * live stream and the status change invalidate it); the DSP dropdown sits apart.
 */
export const bookingQueries = {
  all: () => ['bookings'] as const,
  lists: () => [...bookingQueries.all(), 'list'] as const,
  list: (dspId: number, params: BookingListParams) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), dspId, params] as const,
      queryFn: ({ signal }) => fetchBookings(dspId, params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  details: () => [...bookingQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...bookingQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchBooking(id, signal),
    }),
  summaries: () => [...bookingQueries.all(), 'summary'] as const,
  summary: (dspId: number, filter: BookingFilters) =>
    queryOptions({
      queryKey: [...bookingQueries.summaries(), dspId, filter] as const,
      queryFn: ({ signal }) => fetchBookingSummary(dspId, filter, signal),
      placeholderData: keepPreviousData,
    }),
  stats: (dspId: number) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'stats', dspId] as const,
      queryFn: ({ signal }) => fetchBookingStats(dspId, signal),
    }),
  /** The DSP dropdown: which DSPs the person may see bookings of. */
  dsps: () =>
    queryOptions({
      queryKey: ['booking-dsps'] as const,
      queryFn: ({ signal }) => fetchBookingDsps(signal),
    }),
};
