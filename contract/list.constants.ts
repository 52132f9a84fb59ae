// No zod here: the panel's pages and entities read these without loading the schemas.

/** Largest `limit` a list accepts; the biggest loader in the spec asks for 300. */
export const MAX_LIST_LIMIT = 300;

/** Rows per page of a list that sets no page size of its own. */
export const DEFAULT_LIST_LIMIT = 15;

/** What a list answers (400) to a `limit` above the cap. */
export const limitTooLargeMessage = (max: number) => `El parámetro limit no puede superar ${max}.`;
