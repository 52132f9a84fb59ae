import { idParam, successEnvelope } from '@contract/common';
import {
  ROLE_DEFAULT_SORT,
  ROLE_FIELDS,
  type ROLE_SORTS,
  SUPER_ADMIN_ROLE,
  permissionInfo,
  roleWithPermissions,
  syncPermissionsBody,
} from '@contract/role';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, roles } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import { principalOf } from '../../http/access';
import { success } from '../../http/envelope';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { defineList } from '../../http/list';
import { assertMaySetPermissions, authorityOf, permissionsOf } from './authority';

const tags = ['Roles y permisos'];

export const ROLE_ERRORS = {
  notFound: 'El rol no existe.',
  superAdminLocked: 'Los permisos de Super Admin no se pueden modificar.',
} as const;

const columns = { id: roles.id, name: roles.name, slug: roles.slug };

async function findRole(db: Db, id: number) {
  const [row] = await db.select(columns).from(roles).where(eq(roles.id, id));
  if (!row) throw notFound(ROLE_ERRORS.notFound);
  return { ...row, permissions: (await permissionsOf(db, [id])).get(id) ?? [] };
}

/**
 * Reading roles needs 'users.manage' (the users screen, its role filter and the roles tab live
 * there); changing a role's permissions and reading the catalogue need 'roles.manage', and a
 * change stays within what the caller holds (./authority.ts).
 */
export async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roleList = defineList({
    db,
    item: roleWithPermissions,
    table: roles,
    select: () => db.select(columns).from(roles).$dynamic(),
    id: roles.id,
    filters: {
      q: {
        description: 'Busca en el nombre y el slug, sin distinguir mayúsculas ni tildes.',
        where: (value) => or(containsText(roles.name, value), containsText(roles.slug, value)),
      },
    },
    sorts: { id: roles.id, name: sortableText(roles.name), slug: roles.slug } satisfies Record<(typeof ROLE_SORTS)[number], unknown>,
    defaultSort: ROLE_DEFAULT_SORT,
    fields: ROLE_FIELDS,
    present: async (rows) => {
      const byRole = await permissionsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, permissions: byRole.get(row.id) ?? [] }));
    },
  });

  r.get(
    '/api/v1/roles',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: 'Lista paginada de roles, con sus permisos',
        querystring: roleList.querystring,
        response: { 200: roleList.response },
      },
    },
    async (request, reply) => success(await roleList.answer(request, reply)),
  );

  r.get(
    '/api/v1/roles/:id',
    {
      config: { access: 'users.manage' },
      schema: { tags, summary: 'Un rol con sus permisos', params: idParam, response: { 200: successEnvelope(roleWithPermissions) } },
    },
    async (request) => success(await findRole(db, request.params.id)),
  );

  r.post(
    '/api/v1/roles/:id/sync-permission',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'Fija el conjunto completo de permisos de un rol',
        description:
          'permissions: nombres del catálogo (GET /api/v1/permissions); los que falten se quitan. Un nombre desconocido da 422. ' +
          'Los permisos de Super Admin no se pueden modificar (409), para que siempre haya quien pueda gestionarlo todo. ' +
          'Nadie concede permisos que no tiene ni modifica un rol que tiene permisos que él no tiene: quien llama debe tener ' +
          'todos los permisos del conjunto nuevo y todos los que el rol tiene ahora (403 con el motivo; también si el rol es el suyo). ' +
          'El cambio vale desde la siguiente petición de cada usuario del rol.',
        params: idParam,
        body: syncPermissionsBody,
        response: { 200: successEnvelope(roleWithPermissions) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const names = request.body.permissions;
      await db.transaction(async (tx) => {
        const [role] = await tx.select(columns).from(roles).where(eq(roles.id, id)).for('update');
        if (!role) throw notFound(ROLE_ERRORS.notFound);
        if (role.slug === SUPER_ADMIN_ROLE) throw conflict(ROLE_ERRORS.superAdminLocked);
        const found = names.length === 0 ? [] : await tx.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, names));
        const unknown = names.filter((name) => !found.some((permission) => permission.name === name));
        if (unknown.length > 0) {
          const label = unknown.length === 1 ? 'Permiso desconocido' : 'Permisos desconocidos';
          throw validationFailed({ permissions: [`${label}: ${unknown.join(', ')}.`] });
        }
        const current = (await permissionsOf(tx, [id])).get(id) ?? [];
        assertMaySetPermissions(authorityOf(principalOf(request)), { name: role.name, permissions: current }, names);
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
        if (found.length > 0) await tx.insert(rolePermissions).values(found.map((permission) => ({ roleId: id, permissionId: permission.id })));
      });
      return success(await findRole(db, id), 'Permisos actualizados.');
    },
  );

  r.get(
    '/api/v1/permissions',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'El catálogo de permisos, con su área y su descripción',
        response: { 200: successEnvelope(z.array(permissionInfo)) },
      },
    },
    async () =>
      success(
        await db.select({ name: permissions.name, area: permissions.area, label: permissions.label }).from(permissions).orderBy(asc(permissions.id)),
      ),
  );
}
