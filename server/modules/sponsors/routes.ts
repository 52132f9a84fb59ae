import { idParam, successEnvelope } from '@contract/common';
import { SPONSOR_ANSWERS, SPONSOR_MESSAGES, sponsor, sponsorFields, sponsorUpdateFields } from '@contract/sponsor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import type { Storage } from '../../storage';
import { createSponsorService } from './service';

const tags = ['Sponsors'];

const createBody = sponsorFields.extend({ logo: fileField(SPONSOR_MESSAGES.logoNotFile).optional() });
const updateBody = sponsorUpdateFields.extend({ logo: fileField(SPONSOR_MESSAGES.logoNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, country_id, website_url, logo (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). ' +
  'website_url se guarda normalizado: se añade https:// si falta el esquema y solo se aceptan http y https (422). ' +
  'El nombre es único sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name, como un email repetido).';

export async function sponsorRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createSponsorService({ db, storage, log: app.log });

  r.get(
    '/api/v1/sponsors',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Lista paginada de sponsors',
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => service.list.answer(request, reply),
  );

  r.get(
    '/api/v1/sponsors/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Un sponsor',
        params: idParam,
        querystring: service.list.detailQuerystring,
        response: { 200: service.list.detailResponse },
      },
    },
    async (request, reply) =>
      service.list.answerOne(request, reply, () => service.find(request.params.id)),
  );

  r.post(
    '/api/v1/sponsors',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Crea un sponsor',
        description: `${WRITE_DESCRIPTION} Responde 201 con el sponsor y su país.`,
        consumes: FILE_WRITE_TYPES,
        body: createBody,
        response: { 201: successEnvelope(sponsor) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await service.create(request.body, actorOf(request)), SPONSOR_ANSWERS.created)),
  );

  r.put(
    '/api/v1/sponsors/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Actualiza un sponsor (también POST con _method=PUT)',
        description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian. Un logo nuevo reemplaza al anterior, que se borra.`,
        params: idParam,
        consumes: FILE_WRITE_TYPES,
        body: updateBody,
        response: { 200: successEnvelope(sponsor) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), SPONSOR_ANSWERS.updated),
  );

  deleteRoutes(app, {
    path: '/api/v1/sponsors',
    access: 'sponsors.manage',
    tags,
    summary: 'Elimina un sponsor y su logo',
    question: '¿Se puede eliminar este sponsor?',
    refusals: 'Un sponsor que todavía tiene campañas no se elimina: 409 que las cuenta (\'No se puede eliminar: tiene 3 campañas\').',
    deleted: SPONSOR_ANSWERS.deleted,
    service,
  });
}
