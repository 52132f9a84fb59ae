import { CATEGORY_ANSWERS, CATEGORY_MESSAGES, category, categoryFields, categoryUpdateFields } from '@contract/category';
import { idParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import type { Storage } from '../../storage';
import { createCategoryService } from './service';

const tags = ['Categorías del catálogo'];

const createBody = categoryFields.extend({ image: fileField(CATEGORY_MESSAGES.imageNotFile).optional() });
const updateBody = categoryUpdateFields.extend({ image: fileField(CATEGORY_MESSAGES.imageNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, parent_id (vacío: categoría padre), ' +
  'image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). La categoría padre debe existir (422) y una categoría no puede ' +
  'ser su propio ancestro (422 en parent_id). El nombre es único entre las categorías con el mismo padre (o entre las categorías padre), ' +
  'sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name).';

export async function categoryRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCategoryService({ db, storage, log: app.log });

  r.get(
    '/api/v1/categories',
    {
      // Reference data, like countries: the campaign-category form of anyone who manages campaigns lists it.
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Lista paginada del catálogo de categorías',
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => service.list.answer(request, reply),
  );

  r.get(
    '/api/v1/categories/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Una categoría del catálogo',
        params: idParam,
        querystring: service.list.detailQuerystring,
        response: { 200: service.list.detailResponse },
      },
    },
    async (request, reply) => service.list.answerOne(request, reply, () => service.find(request.params.id)),
  );

  r.post(
    '/api/v1/categories',
    {
      config: { access: 'categories.manage' },
      schema: {
        tags,
        summary: 'Crea una categoría del catálogo',
        description: `${WRITE_DESCRIPTION} Responde 201 con la categoría, su padre y sus subcategorías.`,
        consumes: FILE_WRITE_TYPES,
        body: createBody,
        response: { 201: successEnvelope(category) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await service.create(request.body, actorOf(request)), CATEGORY_ANSWERS.created)),
  );

  r.put(
    '/api/v1/categories/:id',
    {
      config: { access: 'categories.manage' },
      schema: {
        tags,
        summary: 'Actualiza una categoría del catálogo (también POST con _method=PUT)',
        description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian. Una imagen nueva reemplaza a la anterior, que se borra.`,
        params: idParam,
        consumes: FILE_WRITE_TYPES,
        body: updateBody,
        response: { 200: successEnvelope(category) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), CATEGORY_ANSWERS.updated),
  );

  deleteRoutes(app, {
    path: '/api/v1/categories',
    access: 'categories.delete',
    tags,
    summary: 'Elimina una categoría del catálogo y su imagen',
    question: '¿Se puede eliminar esta categoría?',
    refusals: 'Solo con el permiso de eliminar categorías. Una categoría con subcategorías, o que usan categorías de campaña, no se elimina: ' +
          "409 que las cuenta ('No se puede eliminar: tiene 2 subcategorías').",
    deleted: CATEGORY_ANSWERS.deleted,
    service,
  });
}
