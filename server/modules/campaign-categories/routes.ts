import {
  CAMPAIGN_CATEGORY_ANSWERS,
  CAMPAIGN_CATEGORY_MESSAGES,
  campaignCategory,
  campaignCategoryFields,
  campaignCategoryUpdateFields,
} from '@contract/campaign-category';
import { idParam, successEnvelope } from '@contract/common';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { campaignCategories } from '../../db/schema';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import type { Storage } from '../../storage';
import { createCampaignCategoryService } from './service';

const tags = ['Categorías de campaña'];

const createBody = campaignCategoryFields.extend({ image: fileField(CAMPAIGN_CATEGORY_MESSAGES.imageNotFile).optional() });
const updateBody = campaignCategoryUpdateFields.extend({ image: fileField(CAMPAIGN_CATEGORY_MESSAGES.imageNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, category_id (una categoría padre del catálogo: 422 si no existe o es una ' +
  'subcategoría), image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). El nombre es único dentro de la campaña, sin ' +
  'distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name).';

export async function campaignCategoryRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCampaignCategoryService({ db, storage, log: app.log });

  r.get(
    '/api/v1/campaigns/:id/campaign-categories',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Las categorías de una campaña, cada una con su categoría del catálogo (parent)',
        description: '404 si la campaña no existe.',
        params: idParam,
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => {
      await service.assertCampaign(request.params.id);
      return service.list.answer(request, reply, { scope: eq(campaignCategories.campaignId, request.params.id) });
    },
  );

  r.post(
    '/api/v1/campaigns/:id/campaign-categories',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Crea una categoría en una campaña',
        description: `${WRITE_DESCRIPTION} category_id es requerido. 404 si la campaña no existe. Responde 201 con la categoría.`,
        params: idParam,
        consumes: FILE_WRITE_TYPES,
        body: createBody,
        response: { 201: successEnvelope(campaignCategory) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(success(await service.create(request.params.id, request.body, actorOf(request)), CAMPAIGN_CATEGORY_ANSWERS.created)),
  );

  r.get(
    '/api/v1/campaign-categories/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Una categoría de campaña',
        params: idParam,
        querystring: service.list.detailQuerystring,
        response: { 200: service.list.detailResponse },
      },
    },
    async (request, reply) => service.list.answerOne(request, reply, () => service.find(request.params.id)),
  );

  r.put(
    '/api/v1/campaign-categories/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Actualiza una categoría de campaña (también POST con _method=PUT)',
        description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian; la campaña no cambia. Una imagen nueva reemplaza a la anterior, que se borra.`,
        params: idParam,
        consumes: FILE_WRITE_TYPES,
        body: updateBody,
        response: { 200: successEnvelope(campaignCategory) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), CAMPAIGN_CATEGORY_ANSWERS.updated),
  );

  deleteRoutes(app, {
    path: '/api/v1/campaign-categories',
    access: 'sponsors.manage',
    tags,
    summary: 'Elimina una categoría de campaña y su imagen',
    question: '¿Se puede eliminar esta categoría de campaña?',
    refusals: "Una categoría que usan servicios no se elimina: 409 que los cuenta ('No se puede eliminar: tiene 2 servicios').",
    deleted: CAMPAIGN_CATEGORY_ANSWERS.deleted,
    service,
  });
}
