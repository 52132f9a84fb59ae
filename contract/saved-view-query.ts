// No zod here, and apart from the lists' names: only a view's form and menu read these, loaded
// when first opened, while every list screen reads the names.
import type { SavedViewList } from './saved-view.constants';

/**
 * The URL search keys each list's page reads as its filters, sort and columns (its
 * `src/pages/<page>/model/search.ts`), in the order a view keeps them. Left out on purpose: `page`
 * (a view is a set of results, opened from its first page: page 3 of today's results is another
 * set tomorrow), `view` (the deep link to the view itself) and what only says what is open on
 * the screen (a booking's detail, the chart, the DSP configuration's modal and tab, the users
 * screen's roles tab). `columns` is the column picker's choice, on the tables that have one.
 */
export const SAVED_VIEW_LIST_KEYS = {
  sponsors: ['q', 'country', 'sort'],
  'sponsor-campaigns': ['q'],
  campaigns: ['q', 'status', 'sponsor', 'country'],
  plans: ['q', 'status', 'campaign'],
  services: ['q', 'status', 'campaign'],
  categories: ['q'],
  users: ['q', 'role', 'status', 'columns'],
  dsps: ['q'],
  customers: ['q'],
  bookings: ['dsp', 'q', 'date', 'columns'],
  sales: ['q', 'status', 'method', 'dsp', 'from', 'to', 'columns'],
  audit: ['person', 'resource', 'action', 'from', 'to', 'columns'],
} as const satisfies Record<SavedViewList, readonly string[]>;

/**
 * A view's query as it is kept: only the keys `list` knows, in its order, each once (the first
 * value: a page reads one) and none empty, written by URLSearchParams ('?' in front or not).
 * Values are kept as they are: the list's page falls back to "not set" on one it cannot read.
 */
export function savedViewQuery(list: SavedViewList, query: string): string {
  const given = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const kept = new URLSearchParams();
  for (const key of SAVED_VIEW_LIST_KEYS[list]) {
    const value = given.get(key)?.trim();
    if (value) kept.set(key, value);
  }
  return kept.toString();
}
