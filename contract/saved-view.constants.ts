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

/** Said when a `?view=` names a view that does not exist or is not shared with the person: the list opens without it. */
export const SAVED_VIEW_NOT_FOUND = 'La vista no existe o no la puedes ver.';
