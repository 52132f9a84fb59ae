// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

export const CAMPAIGN_CATEGORY_SORTS = ['id', 'name', 'created_at'] as const;
export const CAMPAIGN_CATEGORY_FIELDS = [
  'id',
  'campaign_id',
  'category_id',
  'name',
  'description',
  'image_url',
  'parent',
  'created_at',
  'updated_at', 'version',
] as const;
/** By name, ignoring case and accents. */
export const CAMPAIGN_CATEGORY_DEFAULT_SORT = 'name';
/** A campaign's categories in one page: the panel asks for 100. */
export const CAMPAIGN_CATEGORY_PAGE_SIZE = 100;

export const CAMPAIGN_CATEGORY_NOT_FOUND = 'La categoría de la campaña no existe.';

/** The `message` of each successful write. */
export const CAMPAIGN_CATEGORY_ANSWERS = {
  created: 'Categoría creada correctamente.',
  updated: 'Categoría actualizada correctamente.',
  deleted: 'Categoría eliminada correctamente.',
} as const;
