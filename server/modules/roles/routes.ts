import { idParam, successEnvelope } from '@contract/common';
import { permissionInfo, roleWithPermissions, syncPermissionsBody } from '@contract/role';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { resourceRoutes, VERSION_DESCRIPTION } from '../../http/resource-routes';
import { expectedVersion, versionedWrite } from '../../http/versions';
import { createRoleService } from './service';

const tags = ['Roles y permisos'];
const permissionsWrite = versionedWrite(syncPermissionsBody, roleWithPermissions);

/**
 * Reading roles needs 'users.manage' (the users screen, its role filter and the roles tab live
 * there); changing a role's permissions and reading the catalogue need 'roles.manage', and a
 * change stays within what the caller holds (./authority.ts).
 */
export async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createRoleService({ db });

  resourceRoutes(app, {
    path: '/api/v1/roles',
    access: 'users.manage',
    tags,
    list: service.list,
    index: { summary: 'Lista paginada de roles, con sus permisos' },
    detail: { summary: 'Un rol con sus permisos', find: (id) => service.get(id) },
  });

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
          `El cambio vale desde la siguiente petición de cada usuario del rol. ${VERSION_DESCRIPTION}`,
        params: idParam,
        headers: permissionsWrite.headers,
        body: permissionsWrite.body,
        response: { 200: successEnvelope(roleWithPermissions), 409: permissionsWrite.conflict },
      },
    },
    async (request) =>
      success(
        await service.syncPermissions(request.params.id, request.body.permissions, actorOf(request), expectedVersion(request.headers, request.body)),
        'Permisos actualizados.',
      ),
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
    async () => success(await service.permissions()),
  );
}
