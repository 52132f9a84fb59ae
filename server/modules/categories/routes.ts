import { CATEGORY_ANSWERS, CATEGORY_MESSAGES, category, categoryFields, categoryUpdateFields } from '@contract/category';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import { bulkRoute, DELETE_DESCRIPTION, deleteAction } from '../../http/bulk';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createCategoryService } from './service';

const createBody = categoryFields.extend({ image: fileField(CATEGORY_MESSAGES.imageNotFile).optional() });
const updateBody = categoryUpdateFields.extend({ image: fileField(CATEGORY_MESSAGES.imageNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, parent_id (vacío: categoría padre), ' +
  'image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). La categoría padre debe existir (422) y una categoría no puede ' +
  'ser su propio ancestro (422 en parent_id). El nombre es único entre las categorías con el mismo padre (o entre las categorías padre), ' +
  'sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name).';

export async function categoryRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const service = createCategoryService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/categories',
    // Reference data, like countries: the campaign-category form of anyone who manages campaigns lists it.
    access: 'signed-in',
    tags: ['Categorías del catálogo'],
    list: service.list,
    item: category,
    consumes: FILE_WRITE_TYPES,
    index: { summary: 'Lista paginada del catálogo de categorías' },
    detail: { summary: 'Una categoría del catálogo', find: (id) => service.find(id) },
    create: {
      summary: 'Crea una categoría del catálogo',
      description: `${WRITE_DESCRIPTION} Responde 201 con la categoría, su padre y sus subcategorías.`,
      access: 'categories.manage',
      body: createBody,
      message: CATEGORY_ANSWERS.created,
      run: (body, actor) => service.create(body, actor),
    },
    update: {
      summary: 'Actualiza una categoría del catálogo (también POST con _method=PUT)',
      description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian. Una imagen nueva reemplaza a la anterior, que se borra.`,
      access: 'categories.manage',
      body: updateBody,
      message: CATEGORY_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina una categoría del catálogo y su imagen',
      question: '¿Se puede eliminar esta categoría?',
      access: 'categories.delete',
      refusals:
        'Solo con el permiso de eliminar categorías. Una categoría con subcategorías, o que usan categorías de campaña, no se elimina: ' +
        "409 que las cuenta ('No se puede eliminar: tiene 2 subcategorías').",
      message: CATEGORY_ANSWERS.deleted,
      service,
    },
  });

  bulkRoute(app, {
    db,
    list: 'categories',
    path: '/api/v1/categories',
    access: 'categories.delete',
    tags: ['Categorías'],
    summary: 'Elimina muchas categorías a la vez',
    description: `Solo con el permiso de eliminar categorías. ${DELETE_DESCRIPTION} Una categoría con subcategorías, o que usan categorías de campaña, queda como estaba.`,
    records: { table: categories, id: categories.id, filters: service.list, scope: () => undefined },
    actions: deleteAction(service.remove),
  });
}
