// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

export const CATEGORY_SORTS = ['id', 'name', 'created_at'] as const;
export const CATEGORY_INCLUDES = ['parent', 'subcategories'] as const;
export const CATEGORY_FIELDS = ['id', 'name', 'description', 'image_url', 'parent_id', 'created_at', 'updated_at', 'version'] as const;
/** By name, ignoring case and accents. */
export const CATEGORY_DEFAULT_SORT = 'name';
/** The catalogue page's page size (its selectors ask for up to 300). */
export const CATEGORY_PAGE_SIZE = 24;

export const CATEGORY_NOT_FOUND = 'La categoría no existe.';

/** The `message` of each successful write. */
export const CATEGORY_ANSWERS = {
  created: 'Categoría creada correctamente.',
  updated: 'Categoría actualizada correctamente.',
  deleted: 'Categoría eliminada correctamente.',
} as const;
