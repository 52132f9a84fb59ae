export {
  BOOKING_FALLBACKS,
  changeBookingStatus,
  fetchBooking,
  fetchBookingDsps,
  fetchBookingStats,
  fetchBookingSummary,
  fetchBookings,
  bookingQueries,
  type Booking,
  type BookingDsp,
  type BookingFilters,
  type BookingMeta,
  type BookingStats,
  type BookingStatus,
  type BookingStatusHistory,
  type BookingStreamEvent,
  type BookingSummary,
} from './api/booking.api';
export { useBookingStream, type BookingStream, type BookingStreamState } from './api/booking-stream';
export { bookingFinalStatusQuestion, type BookingToName } from './lib/final-status';
export { formatBookingDate } from './lib/format';
export { BookingStatusBadge } from './ui/booking-status-badge';
