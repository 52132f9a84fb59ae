// No zod here: every list's page reads these without loading the schemas.

/** The lists a view can be saved for, one per list screen. */
export const SAVED_VIEW_LISTS = [
  'sponsors',
  'sponsor-campaigns',
  'campaigns',
  'plans',
  'services',
  'categories',
  'users',
  'dsps',
  'customers',
  'bookings',
  'sales',
  'audit',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** A view's query is the list's URL search string, at most this many bytes. */
export const SAVED_VIEW_MAX_QUERY_BYTES = 2048;
/** Views one person may own for one list. */
export const SAVED_VIEWS_PER_LIST = 50;

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

/** Said when a `?view=` names a view that does not exist or is not shared with the person: the list opens without it. */
export const SAVED_VIEW_NOT_FOUND = 'La vista no existe o no la puedes ver.';
