import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, BOOKING_TRANSITIONS } from '@contract/booking.constants';
import type { BulkTarget } from '@/features/act-on-many';
import { bookingQueries } from '@/entities/booking';
import { bookingFilters } from './list-params';
import type { BookingsSearch } from './search';

/** The statuses some booking may move to: each booking is judged by its own (a consumed one is skipped, saying why). */
const BULK_STATUSES = BOOKING_STATUSES.filter((status) => Object.values(BOOKING_TRANSITIONS).some((next) => next.includes(status))).map((status) => ({
  value: status,
  label: BOOKING_STATUS_LABELS[status],
}));

/** The DSP's bookings as the selection bar acts on them: this search's filter, every booking query refreshed after. */
export const bookingsBulkTarget = (dspId: number, search: BookingsSearch): BulkTarget => ({
  list: 'bookings',
  path: `v1/dsps/${dspId}/bookings`,
  filter: bookingFilters(search),
  noun: { one: 'agendamiento', many: 'agendamientos' },
  invalidate: [bookingQueries.all()],
  statuses: { options: BULK_STATUSES, reasonRequired: false },
});
