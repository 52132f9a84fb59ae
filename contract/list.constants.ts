// No zod here: the panel's pages and entities read these without loading the schemas.

/** Largest `limit` a list accepts; the biggest loader in the spec asks for 300. */
export const MAX_LIST_LIMIT = 300;

/** Rows per page of a list that sets no page size of its own. */
export const DEFAULT_LIST_LIMIT = 15;

/** What a list answers (400) to a `limit` above the cap. */
export const limitTooLargeMessage = (max: number) => `El parámetro limit no puede superar ${max}.`;

/**
 * Up to this many rows a list's `total` is an exact count. Past it, counting every matching row on
 * every page would cost more than the page itself (a million bookings), so `total` is the
 * database planner's estimate, `total_is_estimate` is true, and the panel says 'más de 10.000'.
 */
export const EXACT_TOTAL_LIMIT = 10_000;
