// No zod and no labels here: the panel's route search parsers, in the entry chunk the sign-in page
// loads too, read only these lists (the labels are in audit-vocabulary.ts).

export const AUDIT_RESOURCES = [
  'user',
  'role',
  'country',
  'sponsor',
  'campaign',
  'plan',
  'category',
  'campaign-category',
  'service',
  'dsp',
  'connector',
  'api-client',
  'customer',
  'entitlement',
  'booking',
  'session',
] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'permissions', 'sign-in', 'sign-out', 'password', 'restore', 'import'] as const;
