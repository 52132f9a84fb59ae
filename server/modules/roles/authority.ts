import { SUPER_ADMIN_ROLE } from '@contract/role';
import { asc, eq } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { appendTo } from '../../db/group-rows';
import { permissions, rolePermissions } from '../../db/schema';
import { forbidden, type AppError } from '../../http/errors';
import type { Principal } from '../auth/principal';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/**
 * The rules of who may manage whom. A route's permission (users.manage, roles.manage) only opens
 * the door; beyond it, nobody may reach further than what they hold:
 * - acting on a user (edit, deactivate, delete) needs every permission the user holds, and a
 *   Super Admin is acted on only by a Super Admin;
 * - assigning roles (create or update, oneself included) needs every permission of each role;
 * - setting a role's permissions needs every permission of the new set and of the current one
 *   (taking permissions away from a more powerful role is acting on it).
 * Refusals are 403 and say what blocks them.
 */
export interface Authority {
  permissions: readonly string[];
  isSuperAdmin: boolean;
}

export const authorityOf = (principal: Principal): Authority => ({
  permissions: principal.permissions,
  isSuperAdmin: principal.roleSlugs.includes(SUPER_ADMIN_ROLE),
});

/** What is done to a user, as the refusal names it. */
export type UserAction = 'modificar' | 'eliminar' | 'restaurar';

export const AUTHORITY_ERRORS = {
  superAdminTarget: (action: UserAction) => `Solo un Super Admin puede ${action} a otro Super Admin.`,
  strongerUser: (action: UserAction) => `No puedes ${action} a un usuario con permisos que tú no tienes.`,
  roleNotAssignable: (names: string[]) =>
    names.length === 1
      ? `No puedes asignar el rol ${names[0]}: incluye permisos que tú no tienes.`
      : `No puedes asignar los roles ${names.join(', ')}: incluyen permisos que tú no tienes.`,
  permissionsNotHeld: (names: string[]) => `No puedes conceder permisos que tú no tienes: ${names.join(', ')}.`,
  strongerRole: (name: string) => `No puedes modificar el rol ${name}: tiene permisos que tú no tienes.`,
} as const;

const lacking = (actor: Authority, needed: Iterable<string>) => [...new Set(needed)].filter((name) => !actor.permissions.includes(name));

/** The permission names of each role, in catalogue order. */
export async function permissionsOf(db: Conn, roleIds: number[]) {
  const byRole = new Map<number, string[]>();
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(anyOf(rolePermissions.roleId, roleIds))
    .orderBy(asc(permissions.id));
  for (const { roleId, name } of rows) appendTo(byRole, roleId, name);
  return byRole;
}

/** Why `actor` may not edit, deactivate or delete a user with these roles (a 403), or null when they may. */
export async function refusalToActOn(
  db: Conn,
  actor: Authority,
  target: { roles: { id: number; slug: string }[] },
  action: UserAction,
): Promise<AppError | null> {
  if (target.roles.some((role) => role.slug === SUPER_ADMIN_ROLE) && !actor.isSuperAdmin) {
    return forbidden(AUTHORITY_ERRORS.superAdminTarget(action));
  }
  const byRole = await permissionsOf(
    db,
    target.roles.map((role) => role.id),
  );
  return lacking(actor, [...byRole.values()].flat()).length > 0 ? forbidden(AUTHORITY_ERRORS.strongerUser(action)) : null;
}

/** 403 unless `actor` may edit, deactivate or delete a user with these roles. */
export async function assertMayActOn(db: Conn, actor: Authority, target: { roles: { id: number; slug: string }[] }, action: UserAction) {
  const refused = await refusalToActOn(db, actor, target, action);
  if (refused) throw refused;
}

/** 403 naming the roles `actor` may not assign: those with a permission the actor lacks. */
export async function assertMayAssign(db: Conn, actor: Authority, assigned: { id: number; name: string }[]) {
  const byRole = await permissionsOf(
    db,
    assigned.map((role) => role.id),
  );
  const refused = assigned.filter((role) => lacking(actor, byRole.get(role.id) ?? []).length > 0);
  if (refused.length > 0) throw forbidden(AUTHORITY_ERRORS.roleNotAssignable(refused.map((role) => role.name)));
}

/**
 * 403 unless `actor` holds every permission the role has now and every one it is to have. A role
 * beyond the actor is refused as such first: that, not the new set, is what blocks any change to it.
 */
export function assertMaySetPermissions(actor: Authority, role: { name: string; permissions: readonly string[] }, next: readonly string[]) {
  if (lacking(actor, role.permissions).length > 0) throw forbidden(AUTHORITY_ERRORS.strongerRole(role.name));
  const notHeld = lacking(actor, next);
  if (notHeld.length > 0) throw forbidden(AUTHORITY_ERRORS.permissionsNotHeld(notHeld));
}
