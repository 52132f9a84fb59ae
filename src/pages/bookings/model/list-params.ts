import { BOOKING_PAGE_SIZE } from '@contract/booking.constants';
import type { BookingsSearch } from './search';

// Apart from the search parser: the router's entry chunk (which /login loads) carries the parser,
// and these need the bookings' constants.

/** The filters of this search, as the list, its counters and the CSV export send them. */
export const bookingFilters = ({ q, date }: BookingsSearch) => ({ q, scheduled_at: date });

/** The screen's order: by scheduled date and time, the latest first (the API's default is by creation). */
const BOOKINGS_SCREEN_SORT = '-scheduled_at';

/** The page of bookings for this search: 12 a page, by scheduled date, each with its customer and plan. */
export const bookingListParams = (search: BookingsSearch) => ({
  filter: bookingFilters(search),
  include: ['customer', 'plan'],
  sort: BOOKINGS_SCREEN_SORT,
  limit: BOOKING_PAGE_SIZE,
  page: search.page ?? 1,
});
