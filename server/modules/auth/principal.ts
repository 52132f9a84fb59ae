import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, roles, sessions, userRoles, users } from '../../db/schema';

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

/** A user's columns with their roles and the union of their roles' permissions (grouped by the user). */
const principalFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  isActive: users.isActive,
  roleNames: sql<string[]>`coalesce(array_agg(distinct ${roles.name}) filter (where ${roles.id} is not null), '{}')`,
  roleSlugs: sql<string[]>`coalesce(array_agg(distinct ${roles.slug}) filter (where ${roles.id} is not null), '{}')`,
  permissions: sql<string[]>`coalesce(array_agg(distinct ${permissions.name}) filter (where ${permissions.id} is not null), '{}')`,
};

/** Loads a user with their roles and the union of their roles' permissions, in one query. */
export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const [row] = await db
    .select(principalFields)
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  return row ?? null;
}

/** An open session and the person it belongs to, as of this request. */
export interface SessionPrincipal {
  sessionId: number;
  lastUsedAt: Date | null;
  principal: Principal;
}

/**
 * The lookup every authenticated request makes: the open session of a token's hash (not revoked,
 * not expired by the database's clock, the one that set its expiry) joined to its user, roles and
 * permissions, in one statement. Built once and prepared by name: on a server the driver plans it
 * once per connection; PGlite's driver runs it as a plain statement.
 * Nothing is cached between requests: a logout, a revoked role or a deactivation counts at once.
 */
export function sessionPrincipalLookup(db: Db): (tokenHash: string) => Promise<SessionPrincipal | null> {
  const statement = db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, ...principalFields })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .groupBy(sessions.id, users.id)
    .prepare('session_principal');
  return async (tokenHash) => {
    const [row] = await statement.execute({ tokenHash });
    if (!row) return null;
    const { sessionId, lastUsedAt, ...principal } = row;
    return { sessionId, lastUsedAt, principal };
  };
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
