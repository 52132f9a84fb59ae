import { idParam, successEnvelope } from '@contract/common';
import {
  SAVED_VIEW_ANSWERS,
  SAVED_VIEW_LIST_KEYS,
  SAVED_VIEW_MAX_QUERY_BYTES,
  SAVED_VIEW_MESSAGES,
  SAVED_VIEWS_PER_LIST,
  savedView,
  savedViewBody,
  savedViewsQuery,
  savedViewUpdateBody,
} from '@contract/saved-view';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { createSavedViewService } from './service';

const tags = ['Vistas guardadas'];
const oneView = successEnvelope(savedView);

const KEYS_DESCRIPTION = Object.entries(SAVED_VIEW_LIST_KEYS)
  .map(([list, keys]) => `${list}: ${keys.join(', ')}`)
  .join('; ');

const WRITE_DESCRIPTION =
  `query: la búsqueda de la URL de la lista (con o sin ?), ${SAVED_VIEW_MAX_QUERY_BYTES} bytes como máximo (422); se guardan solo las claves ` +
  `que la lista conoce, en su orden, sin page ni view (${KEYS_DESCRIPTION}). shared_with_roles: slugs de roles existentes (422 si alguno no ` +
  'existe); vacío: privada. Quien tiene uno de esos roles la ve y la abre con sus propios permisos y DSPs: compartir no deja ver nada más. ' +
  `is_default: la vista por defecto de quien la creó en esa lista; marcar una desmarca la anterior. El nombre es único por persona y lista, sin ` +
  `distinguir mayúsculas, tildes ni espacios alrededor (409: "${SAVED_VIEW_MESSAGES.nameTaken}").`;

const OWNER_RULE =
  `Solo quien la creó, o un Super Admin, la cambia o la elimina: 403 ("${SAVED_VIEW_MESSAGES.notOwner}") si es una vista compartida ` +
  `con quien llama, 404 ("${SAVED_VIEW_MESSAGES.notFound}") si no la ve.`;

/**
 * A person's saved views of the panel's lists. Any signed-in person keeps their own; what a view
 * shows is decided by the list's own endpoint, with the viewer's permissions (./service.ts).
 */
export async function savedViewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createSavedViewService({ db });

  r.get(
    '/api/v1/saved-views',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Las vistas propias y las compartidas con un rol de quien llama',
        description:
          'Todas a la vez, sin paginar, por nombre (sin distinguir mayúsculas ni tildes): son un menú, y cada persona guarda como ' +
          `máximo ${SAVED_VIEWS_PER_LIST} por lista. is_default solo es true en las propias; can_edit dice si quien llama puede cambiarla.`,
        querystring: savedViewsQuery,
        response: { 200: successEnvelope(z.array(savedView)) },
      },
    },
    async (request) => success(await service.list(actorOf(request), request.query['filter[list]'])),
  );

  r.get(
    '/api/v1/saved-views/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Una vista, para abrirla desde su enlace (?view={id})',
        description: `Una propia o compartida con un rol de quien llama (un Super Admin, cualquiera); 404 ("${SAVED_VIEW_MESSAGES.notFound}") si no.`,
        params: idParam,
        response: { 200: oneView },
      },
    },
    async (request) => success(await service.get(request.params.id, actorOf(request))),
  );

  r.post(
    '/api/v1/saved-views',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Guarda una vista de una lista',
        description:
          `list: una de las listas (422 si no). ${WRITE_DESCRIPTION} Como máximo ${SAVED_VIEWS_PER_LIST} vistas por persona y lista ` +
          `(409: "${SAVED_VIEW_MESSAGES.tooMany}"). Responde 201 con la vista.`,
        body: savedViewBody,
        response: { 201: oneView },
      },
    },
    async (request, reply) => reply.status(201).send(success(await service.create(request.body, actorOf(request)), SAVED_VIEW_ANSWERS.created)),
  );

  r.put(
    '/api/v1/saved-views/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cambia una vista: nombre, búsqueda, roles o por defecto (también POST con _method=PUT)',
        description:
          `Los campos ausentes no cambian; list no se cambia. ${WRITE_DESCRIPTION} ${OWNER_RULE} ` +
          'is_default de un Super Admin en la vista de otra persona no cambia nada: la vista por defecto la elige cada uno.',
        params: idParam,
        body: savedViewUpdateBody,
        response: { 200: oneView },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), SAVED_VIEW_ANSWERS.updated),
  );

  r.delete(
    '/api/v1/saved-views/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Elimina una vista',
        description: `Deja de estar también para los roles con que se compartía. ${OWNER_RULE}`,
        params: idParam,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await service.remove(request.params.id, actorOf(request));
      return success(null, SAVED_VIEW_ANSWERS.deleted);
    },
  );
}
