export {
  BOOKING_FALLBACKS,
  changeBookingStatus,
  exportBookings,
  fetchBooking,
  fetchBookingDsps,
  fetchBookingStats,
  fetchBookingSummary,
  fetchBookings,
  staffTimeZone,
} from './api/booking.api';
export { useBookingStream, type BookingStream, type BookingStreamState } from './api/booking-stream';
export { bookingQueries } from './api/booking.queries';
export { formatBookingDate } from './lib/format';
export { BookingStatusBadge } from './ui/booking-status-badge';
export type {
  Booking,
  BookingDsp,
  BookingFilters,
  BookingMeta,
  BookingStats,
  BookingStatus,
  BookingStatusHistory,
  BookingStreamEvent,
  BookingSummary,
} from './model/types';
