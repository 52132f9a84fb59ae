// No zod here: the panel's list pages and the component tests' mock server read these without
// loading the schemas.

export const CAMPAIGN_SORTS = ['id', 'name', 'created_at', 'start_date', 'end_date', 'budget'] as const;
export const CAMPAIGN_LIST_INCLUDES = ['sponsor', 'country', 'plans'] as const;
/** Everything the campaign page shows. */
export const CAMPAIGN_DETAIL_INCLUDES = ['sponsor', 'country', 'categories', 'plans', 'plans.services', 'plans.parent'] as const;
/** Newest first. */
export const CAMPAIGN_DEFAULT_SORT = '-created_at';
/** Campaigns per page unless `limit` says otherwise. */
export const CAMPAIGN_PAGE_SIZE = 12;
export const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'description',
  'status',
  'sponsor_id',
  'country_id',
  'image_url',
  'start_date',
  'end_date',
  'startDate',
  'endDate',
  'budget',
  'currency',
  'created_at',
  'updated_at', 'version',
] as const;

export const CAMPAIGN_NOT_FOUND = 'La campaña no existe.';

/** The `message` of each successful write. */
export const CAMPAIGN_ANSWERS = {
  created: 'Campaña creada correctamente.',
  updated: 'Campaña actualizada correctamente.',
  deleted: 'Campaña eliminada correctamente.',
} as const;
