import { z } from 'zod';

export const ROLE_SLUGS = ['SUPER_ADMIN', 'ADMIN', 'BUSINESS_LEADER', 'OPERATOR'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

export const ROLE_NAMES: Record<RoleSlug, string> = {
  SUPER_ADMIN: 'Super Admin',
  ADMIN: 'Admin',
  BUSINESS_LEADER: 'Business Leader',
  OPERATOR: 'Operador',
};

export const role = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type Role = z.infer<typeof role>;
