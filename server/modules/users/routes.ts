import { TOTP_MESSAGES } from '@contract/account';
import { idParam, successEnvelope } from '@contract/common';
import { USER_ANSWERS, createUserBody, updateUserBody, user } from '@contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { bulkRoute, DELETE_DESCRIPTION, deleteAction } from '../../http/bulk';
import { resourceRoutes } from '../../http/resource-routes';
import type { Mailer } from '../../mail';
import { createCredentialBox, resolveAppKey } from '../../security/credentials';
import { createSecondFactor } from '../auth/second-factor';
import { createUserService } from './service';

/** The rules of ../roles/authority.ts, as an API client reads them. */
const AUTHORITY_RULES =
  'Nadie actúa sobre un usuario que tiene permisos que él no tiene, y solo un Super Admin modifica, desactiva o elimina a ' +
  'otro Super Admin (403 con el motivo). ';

const ASSIGN_RULE =
  'Solo se asignan roles cuyos permisos tiene todos quien llama, también al editarse a sí mismo (403 que nombra el rol). ';

const GUARD_RAILS =
  'Nadie puede desactivarse ni eliminarse a sí mismo, quitarse su propio rol Super Admin, ni dejar el sistema sin ' +
  'ningún Super Admin activo (409). Desactivar, eliminar, cambiar los roles, el email o la contraseña de un usuario cierra sus sesiones abiertas.';

const PASSWORD_RULE =
  'La contraseña no puede ser una de las más comunes ni igual al email o al DNI (422 en password); ' +
  'al usuario se le avisa por correo que se le fijó una contraseña, sin incluirla. ';

export async function userRoutes(app: FastifyInstance, { db, mailer, config }: { db: Db; mailer: Mailer; config: Config }) {
  const service = createUserService({ db, mailer, log: app.log });
  const secondFactor = createSecondFactor({ db, credentials: createCredentialBox(resolveAppKey(config)) });

  resourceRoutes(app, {
    path: '/api/v1/users',
    access: 'users.manage',
    tags: ['Usuarios'],
    list: service.list,
    item: user,
    index: { summary: 'Lista paginada de usuarios del personal' },
    detail: { summary: 'Un usuario', find: (id) => service.get(id) },
    create: {
      summary: 'Crea un usuario',
      description:
        'roles: slugs de roles existentes (al menos uno); el rol SUPER_ADMIN no se asigna desde aquí. is_active por defecto true. ' +
        'email y DNI únicos (409 con el error en su campo). El email se guarda en minúsculas. ' +
        ASSIGN_RULE +
        PASSWORD_RULE,
      body: createUserBody,
      message: USER_ANSWERS.created,
      run: (body, actor) => service.create(body, actor),
    },
    update: {
      summary: 'Actualiza un usuario',
      description:
        'Los mismos campos que al crear; la contraseña solo cambia si se envía. is_active y country_id omitidos se conservan. ' +
        'SUPER_ADMIN solo puede figurar en roles si el usuario ya lo tenía. ' +
        AUTHORITY_RULES +
        ASSIGN_RULE +
        PASSWORD_RULE +
        'Cambiar el email avisa por correo a la dirección anterior y a la nueva. ' +
        GUARD_RAILS,
      body: updateUserBody,
      message: USER_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un usuario',
      question: '¿Se puede eliminar este usuario?',
      refusals: AUTHORITY_RULES + GUARD_RAILS,
      message: USER_ANSWERS.deleted,
      service,
    },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/users/:id/second-factor/reset',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['Usuarios'],
        summary: 'Restablece el segundo factor de un usuario: quita su aplicación de autenticación',
        description:
          'Solo un Super Admin (403), nunca sobre sí mismo (409: se hace desde Mi cuenta con la contraseña y un código) ni sobre ' +
          'un usuario con permisos que no tiene (403). Se borran la clave y los códigos de recuperación; el usuario vuelve a recibir ' +
          'el código por correo. Queda en el historial del usuario. 409 si no tiene una aplicación activada.',
        params: idParam,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await secondFactor.reset(actorOf(request), request.params.id, (tx) => service.findHeld(tx, request.params.id));
      return success(null, TOTP_MESSAGES.reset);
    },
  );

  bulkRoute(app, {
    db,
    list: 'users',
    path: '/api/v1/users',
    access: 'users.manage',
    tags: ['Usuarios'],
    summary: 'Elimina, activa o desactiva muchos usuarios a la vez',
    description:
      `${DELETE_DESCRIPTION} activate y deactivate cambian is_active como la edición, con sus reglas; desactivar cierra sus sesiones. ` +
      `Cada usuario con las reglas de uno a uno: ${AUTHORITY_RULES}${GUARD_RAILS}`,
    records: { table: users, id: users.id, filters: service.list, scope: () => undefined },
    actions: {
      ...deleteAction(service.remove),
      activate: { run: (id, _input, actor) => service.setActive(id, true, actor) },
      deactivate: { run: (id, _input, actor) => service.setActive(id, false, actor) },
    },
  });
}
