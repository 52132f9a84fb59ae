import {
  CAMPAIGN_CATEGORY_ANSWERS,
  CAMPAIGN_CATEGORY_MESSAGES,
  campaignCategory,
  campaignCategoryFields,
  campaignCategoryUpdateFields,
} from '@contract/campaign-category';
import { idParam } from '@contract/common';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { campaignCategories } from '../../db/schema';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createCampaignCategoryService } from './service';

const createBody = campaignCategoryFields.extend({ image: fileField(CAMPAIGN_CATEGORY_MESSAGES.imageNotFile).optional() });
const updateBody = campaignCategoryUpdateFields.extend({ image: fileField(CAMPAIGN_CATEGORY_MESSAGES.imageNotFile).optional() });
const ofCampaign = '/api/v1/campaigns/:id/campaign-categories';

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, category_id (una categoría padre del catálogo: 422 si no existe o es una ' +
  'subcategoría), image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). El nombre es único dentro de la campaña, sin ' +
  'distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name).';

export async function campaignCategoryRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const service = createCampaignCategoryService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/campaign-categories',
    access: 'sponsors.manage',
    tags: ['Categorías de campaña'],
    list: service.list,
    item: campaignCategory,
    consumes: FILE_WRITE_TYPES,
    index: {
      path: ofCampaign,
      params: idParam,
      summary: 'Las categorías de una campaña, cada una con su categoría del catálogo (parent)',
      description: '404 si la campaña no existe.',
      answer: async (request, reply) => {
        await service.assertCampaign(request.params.id);
        return service.list.answer(request, reply, { scope: eq(campaignCategories.campaignId, request.params.id) });
      },
    },
    create: {
      path: ofCampaign,
      params: idParam,
      summary: 'Crea una categoría en una campaña',
      description: `${WRITE_DESCRIPTION} category_id es requerido. 404 si la campaña no existe. Responde 201 con la categoría.`,
      body: createBody,
      message: CAMPAIGN_CATEGORY_ANSWERS.created,
      run: (body, actor, { id }) => service.create(id, body, actor),
    },
    detail: { summary: 'Una categoría de campaña', find: (id) => service.find(id) },
    update: {
      summary: 'Actualiza una categoría de campaña (también POST con _method=PUT)',
      description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian; la campaña no cambia. Una imagen nueva reemplaza a la anterior, que se borra.`,
      body: updateBody,
      message: CAMPAIGN_CATEGORY_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina una categoría de campaña y su imagen',
      question: '¿Se puede eliminar esta categoría de campaña?',
      refusals: "Una categoría que usan servicios no se elimina: 409 que los cuenta ('No se puede eliminar: tiene 2 servicios').",
      message: CAMPAIGN_CATEGORY_ANSWERS.deleted,
      service,
    },
  });
}
