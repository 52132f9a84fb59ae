export type {
  Booking,
  BookingDsp,
  BookingMeta,
  BookingStats,
  BookingStatus,
  BookingStatusHistory,
  BookingStreamEvent,
  BookingSummary,
} from '@contract/booking';

/** The list's filters, as the API reads them (and the page's URL keeps them). */
export interface BookingFilters {
  q?: string;
  /** A day (YYYY-MM-DD) in the staff member's time zone. */
  scheduled_at?: string;
}
