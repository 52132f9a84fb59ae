import { bookingQueries } from '@/entities/booking';
import type { PageLoad } from '@/shared/lib';
import { bookingFilters, bookingListParams } from './list-params';
import type { BookingsSearch } from './search';

/**
 * Starts loading the DSPs, and the shown DSP's bookings, counters and open detail, while the page's
 * code loads. Opened without a DSP (the menu's link), the page shows the first one: its bookings
 * are asked for as soon as the DSPs answer, not after the page has drawn and put it in the address.
 */
export const prefetch = ({ queryClient, search }: PageLoad<BookingsSearch, unknown>) => {
  if (search.booking) void queryClient.prefetchQuery(bookingQueries.detail(search.booking));
  const bookingsOf = (dspId: number) => {
    void queryClient.prefetchQuery(bookingQueries.list(dspId, bookingListParams(search)));
    void queryClient.prefetchQuery(bookingQueries.summary(dspId, bookingFilters(search)));
  };
  if (search.dsp) {
    void queryClient.prefetchQuery(bookingQueries.dsps());
    bookingsOf(search.dsp);
    return;
  }
  queryClient.fetchQuery(bookingQueries.dsps()).then(
    ([first]) => first && bookingsOf(first.id),
    // The page shows the failure from the same query.
    () => undefined,
  );
};
