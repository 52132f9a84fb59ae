// No zod here: the panel's country selects read these without loading the schemas.

/** What the countries list accepts: its sorts, sparse fields and default sort. */
export const COUNTRY_SORTS = ['id', 'name', 'code'] as const;
export const COUNTRY_FIELDS = ['id', 'name', 'code', 'currency', 'version'] as const;
export const COUNTRY_DEFAULT_SORT = 'name';

export const COUNTRY_NOT_FOUND = 'El país no existe.';
