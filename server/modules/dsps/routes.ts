import { idParam, successEnvelope } from '@contract/common';
import { DSP_ANSWERS, DSP_MESSAGES, DSP_STAFF_LIMIT, DSP_STAFF_PAGE_SIZE, dsp, dspStaffAnswer, dspFields, dspStaffMember, dspUpdateFields, dspUsersBody } from '@contract/dsp';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dsps } from '../../db/schema';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { bulkRoute, ENABLE_DESCRIPTION, enableActions } from '../../http/bulk';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createDspService } from './service';

const tags = ['DSP'];

const files = { image: fileField(DSP_MESSAGES.imageNotFile).optional() };
const createBody = dspFields.extend(files);
const updateBody = dspUpdateFields.extend(files);
const staffAnswer = successEnvelope(z.array(dspStaffMember));

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON): name (requerido, único sin distinguir mayúsculas, tildes ni espacios alrededor: 409 con el error en name), ' +
  'type (SALE por defecto; SALE, BOOKING o MIXED), country_id y sponsor_id (requeridos), plans (al menos uno: plans[0], plans[1]… en un ' +
  'formulario, una lista de ids en JSON; planes de las campañas del sponsor, 422 en plans si no), settings (requerido: un objeto JSON, como texto ' +
  'en un formulario), website_url (se añade https:// si falta), address, phone_primary, phone_secondary, email_primary (opcionales: sin espacios ' +
  'alrededor, vacío = sin valor), enabled (1/0/true/false; activa por defecto) e image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). ' +
  'La DSP y sus planes se guardan juntos o nada.';

export async function dspRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createDspService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/dsps',
    access: 'dsps.manage',
    tags,
    list: service.list,
    item: dsp,
    consumes: FILE_WRITE_TYPES,
    index: { summary: 'Lista paginada de DSP', description: 'Para un desplegable: sort=name&limit=200&fields=id,name&filter[type]=BOOKING.' },
    detail: { summary: 'Una DSP', find: (id) => service.find(id) },
    create: {
      summary: 'Crea una DSP con sus planes',
      description: `${WRITE_DESCRIPTION} Responde 201 con la DSP, su sponsor, su país, sus planes y su personal.`,
      body: createBody,
      message: DSP_ANSWERS.created,
      run: (body, actor) => service.create(body, actor),
    },
    update: {
      summary: 'Actualiza una DSP (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian; un campo opcional vacío se borra; plans, si llega, reemplaza los planes. ` +
        'El sponsor no cambia nunca: un sponsor_id distinto es un 422. Una imagen nueva reemplaza a la anterior, que se borra.',
      body: updateBody,
      message: DSP_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina una DSP, su imagen, sus planes asignados y su personal asignado',
      question: '¿Se puede eliminar esta DSP?',
      refusals: 'Una DSP con clientes no se elimina: 409 que los cuenta.',
      message: DSP_ANSWERS.deleted,
      service,
    },
  });

  r.get(
    '/api/v1/dsps/staff',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Personal que se puede asignar a una DSP',
        description:
          `Usuarios activos con su id, nombre, email, DNI y los nombres de sus roles (rol), por nombre; ${DSP_STAFF_LIMIT} como máximo por página. ` +
          'Basta el permiso de configurar DSP: no muestra nada más de los usuarios.',
        querystring: service.staff.querystring,
        response: { 200: service.staff.response },
      },
    },
    async (request, reply) => service.staff.answer(request, reply, { scope: service.activeStaff() }),
  );

  // A DSP's staff, paged and searched (the configuration's Usuarios tab): a DSP may have hundreds,
  // so include=users only names them.
  r.get(
    '/api/v1/dsps/:id/users',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Personal asignado a una DSP',
        description:
          `Las personas asignadas a la DSP con su id, nombre, email, DNI y los nombres de sus roles (rol), por nombre sin distinguir mayúsculas ni tildes; ` +
          `${DSP_STAFF_PAGE_SIZE} por página, ${DSP_STAFF_LIMIT} como máximo. filter[q] (o q) busca en nombre, email y DNI. ` +
          'Mismo permiso que el detalle de la DSP; una DSP que no existe responde 404. include=users de la lista y del detalle da solo id y name.',
        params: idParam,
        querystring: service.dspStaff.querystring,
        response: { 200: service.dspStaff.response },
      },
    },
    async (request, reply) => service.dspStaff.answer(request, reply, service.staffOf(request.params.id, actorOf(request))),
  );

  // One route for both verbs: every PUT also answers POST (for `_method=PUT` forms), and here a
  // plain POST assigns while PUT (or POST with _method=PUT) removes, as the panel calls them.
  r.route({
    method: ['POST', 'PUT'],
    url: '/api/v1/dsps/:id/users',
    config: { access: 'dsps.manage' },
    schema: {
      tags,
      summary: 'Asigna (POST) o quita (PUT, o POST con _method=PUT) personal de una DSP',
      description:
        'users: ids de usuarios. POST los asigna (los ya asignados siguen; un id que no existe o de un usuario inactivo: 422 en users). ' +
        'PUT los quita (los que no estaban asignados se ignoran). Responde con el personal de la DSP; el cambio queda en su historial.',
      params: idParam,
      body: dspUsersBody,
      response: { 200: staffAnswer },
    },
    handler: async (request) => {
      const override = request.methodOverride;
      if (override && override !== 'PUT') throw badRequest(`Esta ruta quita personal con _method=PUT, no ${override}.`);
      const { id } = request.params;
      const { users } = request.body;
      if (request.method === 'PUT' || override === 'PUT') return success(await service.removeStaff(id, users, actorOf(request)), dspStaffAnswer('removed', users.length));
      return success(await service.assignStaff(id, users, actorOf(request)), dspStaffAnswer('assigned', users.length));
    },
  });

  bulkRoute(app, {
    db,
    list: 'dsps',
    path: '/api/v1/dsps',
    access: 'dsps.manage',
    tags,
    summary: 'Activa o desactiva muchas DSP a la vez',
    description: ENABLE_DESCRIPTION,
    records: { table: dsps, id: dsps.id, filters: service.list, scope: () => undefined },
    actions: enableActions(service.update),
  });
}
