// No zod here: the panel's list pages and the component tests' mock server read these without
// loading the schemas.

export const SPONSOR_SORTS = ['id', 'name', 'created_at'] as const;
export const SPONSOR_INCLUDES = ['country'] as const;
export const SPONSOR_FIELDS = ['id', 'name', 'country_id', 'logo_url', 'website_url', 'website', 'created_at', 'updated_at', 'version'] as const;
/** By name, ignoring case and accents. */
export const SPONSOR_DEFAULT_SORT = 'name';
/** Sponsors per page unless `limit` says otherwise. */
export const SPONSOR_PAGE_SIZE = 24;

export const SPONSOR_NOT_FOUND = 'El sponsor no existe.';

/** The `message` of each successful write. */
export const SPONSOR_ANSWERS = {
  created: 'Sponsor creado correctamente.',
  updated: 'Sponsor actualizado correctamente.',
  deleted: 'Sponsor eliminado correctamente.',
} as const;
