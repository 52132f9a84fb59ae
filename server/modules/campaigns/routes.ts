import { CAMPAIGN_ANSWERS, CAMPAIGN_MESSAGES, campaign, campaignFields, campaignUpdateFields } from '@contract/campaign';
import { idParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import type { Storage } from '../../storage';
import { createCampaignService } from './service';

const tags = ['Campañas'];

const createBody = campaignFields.extend({ image: fileField(CAMPAIGN_MESSAGES.imageNotFile).optional() });
const updateBody = campaignUpdateFields.extend({ image: fileField(CAMPAIGN_MESSAGES.imageNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, status (DRAFT por defecto; DRAFT, ACTIVE, PAUSED o INACTIVE), sponsor_id, ' +
  'country_id (por defecto el del sponsor), start_date y end_date (AAAA-MM-DD; la de fin no anterior a la de inicio), budget (≥ 0, 2 decimales), ' +
  'image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). ' +
  'El nombre es único dentro de su sponsor, sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name, como un email repetido).';

export async function campaignRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCampaignService({ db, storage, log: app.log });

  r.get(
    '/api/v1/campaigns',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Lista paginada de campañas de todos los sponsors',
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => service.list.answer(request, reply),
  );

  r.get(
    '/api/v1/campaigns/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Una campaña',
        description: 'categories trae las categorías de la campaña (por nombre, cada una con su categoría del catálogo); plans.services se acepta y devuelve [] por ahora.',
        params: idParam,
        querystring: service.list.detailQuerystring,
        response: { 200: service.list.detailResponse },
      },
    },
    async (request, reply) =>
      service.list.answerOne(request, reply, () => service.find(request.params.id)),
  );

  r.post(
    '/api/v1/campaigns',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Crea una campaña',
        description: `${WRITE_DESCRIPTION} Responde 201 con la campaña, su sponsor y su país.`,
        consumes: FILE_WRITE_TYPES,
        body: createBody,
        response: { 201: successEnvelope(campaign) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await service.create(request.body, actorOf(request)), CAMPAIGN_ANSWERS.created)),
  );

  r.put(
    '/api/v1/campaigns/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Actualiza una campaña (también POST con _method=PUT)',
        description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian; un campo opcional vacío se borra. Una imagen nueva reemplaza a la anterior, que se borra.`,
        params: idParam,
        consumes: FILE_WRITE_TYPES,
        body: updateBody,
        response: { 200: successEnvelope(campaign) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), CAMPAIGN_ANSWERS.updated),
  );

  deleteRoutes(app, {
    path: '/api/v1/campaigns',
    access: 'sponsors.manage',
    tags,
    summary: 'Elimina una campaña y su imagen',
    question: '¿Se puede eliminar esta campaña?',
    refusals: 'Una campaña que todavía tiene planes no se elimina: 409 que los cuenta (\'No se puede eliminar: tiene 1 plan\').',
    deleted: CAMPAIGN_ANSWERS.deleted,
    service,
  });
}
