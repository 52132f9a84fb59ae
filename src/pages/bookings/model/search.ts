import { searchDate, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** `chart=1`: the chart is open; anything else, closed. */
const searchOpen = (value: unknown): 1 | undefined => (value === 1 || value === '1' || value === true ? 1 : undefined);

/**
 * /agendamientos?dsp=4&q=ana&date=2026-11-22&page=2&booking=17&chart=1: the DSP, the search, the
 * day (in the staff member's zone), the page, the booking whose detail is open and whether the
 * chart shows; `columns=code_ref,status`: the table's columns in order. A bad value falls back to
 * "not set".
 */
export const bookingsSearchSchema = searchSchema({
  dsp: searchNumber,
  q: searchText,
  date: searchDate,
  page: searchNumber,
  booking: searchNumber,
  chart: searchOpen,
  view: searchNumber,
  columns: searchText,
});

export type BookingsSearch = SearchOf<typeof bookingsSearchSchema>;

