import { ROLE_DEFAULT_SORT, ROLE_FIELDS, type ROLE_SORTS, SUPER_ADMIN_ROLE, type RoleWithPermissions, roleWithPermissions } from '@contract/role';
import { asc, eq, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { auditTrail } from '../../db/audit-trail';
import type { Db } from '../../db/client';
import { assertVersion, touchRecord } from '../../db/record-writes';
import { permissions, rolePermissions, roles } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { defineItem, sameNamed } from '../../http/item-sql';
import { defineList } from '../../http/list';
import { assertMaySetPermissions, permissionsOf } from './authority';

export const ROLE_ERRORS = {
  notFound: 'El rol no existe.',
  superAdminLocked: 'Los permisos de Super Admin no se pueden modificar.',
} as const;

const columns = { id: roles.id, name: roles.name, slug: roles.slug, version: roles.version };

/** A role as the API answers it: with its permissions' names, in the catalogue's order. */
const roleItem = defineItem(roleWithPermissions, {
  table: roles,
  id: roles.id,
  fields: (role) => ({
    ...sameNamed(role, ['id', 'name', 'slug', 'version']),
    permissions: sql`coalesce((select json_agg(${permissions.name} order by ${permissions.id}) from ${rolePermissions}
      join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} where ${rolePermissions.roleId} = ${role.id}), '[]'::json)`,
  }),
});

/** A role in the change history: its set of permissions, by name. */
const history = auditTrail({
  resource: 'role',
  id: (item: { id: number; name: string; permissions: string[] }) => item.id,
  label: (item) => item.name,
  fields: (item) => ({ permissions: item.permissions }),
});

export function createRoleService({ db }: { db: Db }) {
  const list = defineList({
      db,
      shown: roleItem,
      filters: {
        q: {
          description: 'Busca en el nombre y el slug, sin distinguir mayúsculas ni tildes.',
          where: (value) => or(containsText(roles.name, value), containsText(roles.slug, value)),
        },
      },
      sorts: { id: roles.id, name: sortableText(roles.name), slug: roles.slug } satisfies Record<(typeof ROLE_SORTS)[number], unknown>,
      defaultSort: ROLE_DEFAULT_SORT,
      fields: ROLE_FIELDS,
    });

  const get = async (id: number) => {
    const role = await list.present<RoleWithPermissions>(id);
    if (!role) throw notFound(ROLE_ERRORS.notFound);
    return role;
  };

  return {
    list,
    get,

    /** Sets the role's whole set of permissions, within what `actor` holds (./authority.ts). */
    async syncPermissions(id: number, names: string[], actor: Actor, version?: number) {
      await db.transaction(async (tx) => {
        const [role] = await tx.select(columns).from(roles).where(eq(roles.id, id)).for('update');
        if (!role) throw notFound(ROLE_ERRORS.notFound);
        await assertVersion(role, version, () => list.presentHeld<RoleWithPermissions>(id, [], tx));
        if (role.slug === SUPER_ADMIN_ROLE) throw conflict(ROLE_ERRORS.superAdminLocked);
        const found = names.length === 0 ? [] : await tx.select({ id: permissions.id, name: permissions.name }).from(permissions).where(anyOf(permissions.name, names));
        const unknown = names.filter((name) => !found.some((permission) => permission.name === name));
        if (unknown.length > 0) {
          const label = unknown.length === 1 ? 'Permiso desconocido' : 'Permisos desconocidos';
          throw validationFailed({ permissions: [`${label}: ${unknown.join(', ')}.`] });
        }
        const current = (await permissionsOf(tx, [id])).get(id) ?? [];
        assertMaySetPermissions(actor, { name: role.name, permissions: current }, names);
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
        if (found.length > 0) await tx.insert(rolePermissions).values(found.map((permission) => ({ roleId: id, permissionId: permission.id })));
        const next = (await permissionsOf(tx, [id])).get(id) ?? [];
        if (next.join() !== current.join()) await touchRecord(tx, roles, roles.id, id);
        await history.record(tx, actor, { action: 'permissions', before: { ...role, permissions: current }, after: { ...role, permissions: next } });
      });
      return get(id);
    },

    /** The permission catalogue, in the order it was seeded. */
    permissions: () => db.select({ name: permissions.name, area: permissions.area, label: permissions.label }).from(permissions).orderBy(asc(permissions.id)),
  };
}
