import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema';

/** The signed-in person as the server knows them for one request. */
export interface Principal {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  roleNames: string[];
  roleSlugs: string[];
  permissions: string[];
}

/** Loads a user with their roles and the union of their roles' permissions, in one query. */
export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      isActive: users.isActive,
      roleNames: sql<string[]>`coalesce(array_agg(distinct ${roles.name}) filter (where ${roles.id} is not null), '{}')`,
      roleSlugs: sql<string[]>`coalesce(array_agg(distinct ${roles.slug}) filter (where ${roles.id} is not null), '{}')`,
      permissions: sql<string[]>`coalesce(array_agg(distinct ${permissions.name}) filter (where ${permissions.id} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  return row ?? null;
}

/** The profile the panel keeps in its session (contract `sessionUser`). */
export const profileOf = (principal: Principal) => ({
  id: principal.id,
  name: principal.name,
  email: principal.email,
  phone: principal.phone,
  rol: principal.roleNames,
  roles: principal.roleSlugs,
  permissions: principal.permissions,
});
