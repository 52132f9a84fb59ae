import { USER_ANSWERS, createUserBody, updateUserBody, user } from '@contract/user';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { resourceRoutes } from '../../http/resource-routes';
import type { Mailer } from '../../mail';
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

export async function userRoutes(app: FastifyInstance, { db, mailer }: { db: Db; mailer: Mailer }) {
  const service = createUserService({ db, mailer, log: app.log });

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
}
