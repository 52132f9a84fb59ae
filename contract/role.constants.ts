// No zod here: the roles tab and the user form read these without loading the schemas.

export const ROLE_SLUGS = ['SUPER_ADMIN', 'ADMIN', 'BUSINESS_LEADER', 'OPERATOR'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

export const ROLE_NAMES: Record<RoleSlug, string> = {
  SUPER_ADMIN: 'Super Admin',
  ADMIN: 'Admin',
  BUSINESS_LEADER: 'Business Leader',
  OPERATOR: 'Operador',
};

/** The role whose permissions nobody may change, so that someone can always manage everything. */
export const SUPER_ADMIN_ROLE: RoleSlug = 'SUPER_ADMIN';
