import { SPONSOR_ANSWERS, SPONSOR_MESSAGES, sponsor, sponsorFields, sponsorUpdateFields } from '@contract/sponsor';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { sponsors } from '../../db/schema';
import { bulkRoute, DELETE_DESCRIPTION, deleteAction } from '../../http/bulk';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createSponsorService } from './service';

const createBody = sponsorFields.extend({ logo: fileField(SPONSOR_MESSAGES.logoNotFile).optional() });
const updateBody = sponsorUpdateFields.extend({ logo: fileField(SPONSOR_MESSAGES.logoNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, country_id, website_url, logo (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). ' +
  'website_url se guarda normalizado: se añade https:// si falta el esquema y solo se aceptan http y https (422). ' +
  'El nombre es único sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name, como un email repetido).';

export async function sponsorRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const service = createSponsorService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/sponsors',
    access: 'sponsors.manage',
    tags: ['Sponsors'],
    list: service.list,
    item: sponsor,
    consumes: FILE_WRITE_TYPES,
    index: { summary: 'Lista paginada de sponsors' },
    detail: { summary: 'Un sponsor', find: (id) => service.find(id) },
    create: {
      summary: 'Crea un sponsor',
      description: `${WRITE_DESCRIPTION} Responde 201 con el sponsor y su país.`,
      body: createBody,
      message: SPONSOR_ANSWERS.created,
      run: (body, actor) => service.create(body, actor),
    },
    update: {
      summary: 'Actualiza un sponsor (también POST con _method=PUT)',
      description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian. Un logo nuevo reemplaza al anterior, que se borra.`,
      body: updateBody,
      message: SPONSOR_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un sponsor y su logo',
      question: '¿Se puede eliminar este sponsor?',
      refusals: "Un sponsor que todavía tiene campañas no se elimina: 409 que las cuenta ('No se puede eliminar: tiene 3 campañas').",
      message: SPONSOR_ANSWERS.deleted,
      service,
    },
  });

  bulkRoute(app, {
    db,
    list: 'sponsors',
    path: '/api/v1/sponsors',
    access: 'sponsors.manage',
    tags: ['Sponsors'],
    summary: 'Elimina muchos sponsors a la vez',
    description: `${DELETE_DESCRIPTION} Un sponsor que todavía tiene campañas queda como estaba ('No se puede eliminar: tiene 3 campañas').`,
    records: { table: sponsors, id: sponsors.id, filters: service.list, scope: () => undefined },
    actions: deleteAction(service.remove),
  });
}
