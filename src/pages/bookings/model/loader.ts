import { bookingQueries } from '@/entities/booking';
import type { PageLoad } from '@/shared/lib';
import { bookingFilters, bookingListParams } from './list-params';
import type { BookingsSearch } from './search';

/** Starts loading the DSPs, and the chosen DSP's bookings, counters and open detail, while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<BookingsSearch, unknown>) => {
  void queryClient.prefetchQuery(bookingQueries.dsps());
  if (search.booking) void queryClient.prefetchQuery(bookingQueries.detail(search.booking));
  if (!search.dsp) return;
  void queryClient.prefetchQuery(bookingQueries.list(search.dsp, bookingListParams(search)));
  void queryClient.prefetchQuery(bookingQueries.summary(search.dsp, bookingFilters(search)));
};
