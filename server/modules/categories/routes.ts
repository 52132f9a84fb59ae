import { CATEGORY_ANSWERS, CATEGORY_MESSAGES, category, categoryFields, categoryUpdateFields } from '@contract/category';
import { deletionCheck, idParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
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
    async (request, reply) => success(await service.list.answer(request, reply)),
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
    async (request, reply) => success(await service.list.answerOne(request, reply, () => service.find(request.params.id))),
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

  r.delete(
    '/api/v1/categories/:id',
    {
      config: { access: 'categories.delete' },
      schema: {
        tags,
        summary: 'Elimina una categoría del catálogo y su imagen',
        description:
          'Solo con el permiso de eliminar categorías. Una categoría con subcategorías, o que usan categorías de campaña, no se elimina: ' +
          "409 que las cuenta ('No se puede eliminar: tiene 2 subcategorías').",
        params: idParam,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await service.remove(request.params.id, actorOf(request));
      return success(null, CATEGORY_ANSWERS.deleted);
    },
  );

  r.get(
    '/api/v1/categories/:id/deletion',
    {
      config: { access: 'categories.delete' },
      schema: {
        tags,
        summary: '¿Se puede eliminar esta categoría?',
        description:
          'Se consulta antes de abrir el diálogo de eliminar, con el mismo permiso que el DELETE: deletable y, si es false, reason. ' +
          'No, mientras tenga subcategorías o la usen categorías de campaña: el motivo es el mismo texto que daría el 409 del DELETE. 404 si no existe.',
        params: idParam,
        response: { 200: successEnvelope(deletionCheck) },
      },
    },
    async (request) => success(await service.deletion(request.params.id, actorOf(request))),
  );
}
