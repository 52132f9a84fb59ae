// No zod here: the panel's history table and drawer read these without loading the schemas.

export const AUDIT_SORTS = ['created_at'] as const;
/** Newest first. */
export const AUDIT_DEFAULT_SORT = '-created_at';
/** Entries per page (the history table, and each 'Cargar más' of a record's history). */
export const AUDIT_PAGE_SIZE = 20;
