import { API_CLIENT_ANSWERS, apiClientFields, apiClientUpdateFields, apiClientWithSecret } from '@contract/api-client';
import { idParam, recordIdParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import { FILE_WRITE_TYPES } from '../../http/file-field';
import { createApiClientService } from './service';

const tags = ['Clientes API'];
const dspIdParam = z.object({ dspId: recordIdParam });

const WRITE_DESCRIPTION =
  'multipart/form-data, formulario o JSON: name y client_id requeridos; client_secret requerido al crear salvo con generate_secret=true, ' +
  "que lo genera el servidor ('Los campos name, client_id y client_secret son obligatorios.'); base_url, una URL http o https; type (BACKEND " +
  'por defecto, PARTNER, INTEGRATOR o ANALYTICS); enabled; scopes[i] e ip_whitelist[i] (o un texto separado por comas o líneas), sin ' +
  'espacios alrededor ni entradas vacías, cada IP una dirección IPv4/IPv6 o un rango CIDR (422 que nombra la entrada); ' +
  'rate_limit[max_requests] (entero ≥ 0; vacío quita el límite) y rate_limit[period] (minute, hour o day; hour por defecto). ' +
  'El client_id es único (409). El secreto se guarda solo como hash y se responde una única vez, en client_secret.';

export async function apiClientRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createApiClientService({ db });

  r.get(
    '/api/v1/dsps/:dspId/clients',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Los clientes API de una DSP',
        description: '404 si la DSP no existe. Nunca incluye el secreto.',
        params: dspIdParam,
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => {
      await service.assertDsp(request.params.dspId);
      return service.list.answer(request, reply, { scope: service.ofDsp(request.params.dspId) });
    },
  );

  r.get(
    '/api/v1/clients/:id',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Un cliente API (sin su secreto)',
        params: idParam,
        querystring: service.list.detailQuerystring,
        response: { 200: service.list.detailResponse },
      },
    },
    async (request, reply) => service.list.answerOne(request, reply, () => service.find(request.params.id)),
  );

  r.post(
    '/api/v1/dsps/:dspId/clients',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Crea un cliente API de una DSP',
        description: `${WRITE_DESCRIPTION} 404 si la DSP no existe. Responde 201 con el cliente y su client_secret, que no se vuelve a mostrar.`,
        params: dspIdParam,
        consumes: FILE_WRITE_TYPES,
        body: apiClientFields,
        response: { 201: successEnvelope(apiClientWithSecret) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(success(await service.create(request.params.dspId, request.body, actorOf(request)), API_CLIENT_ANSWERS.created)),
  );

  r.put(
    '/api/v1/clients/:id',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Actualiza un cliente API (también POST con _method=PUT)',
        description:
          `${WRITE_DESCRIPTION} Los campos ausentes no cambian ({enabled} solo lo activa o desactiva); un client_secret ausente o vacío conserva ` +
          'el guardado; uno nuevo o generate_secret=true lo reemplaza y la respuesta lo incluye, esa única vez.',
        params: idParam,
        consumes: FILE_WRITE_TYPES,
        body: apiClientUpdateFields,
        response: { 200: successEnvelope(apiClientWithSecret) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), API_CLIENT_ANSWERS.updated),
  );

  deleteRoutes(app, {
    path: '/api/v1/clients',
    access: 'dsps.manage',
    tags,
    summary: 'Elimina un cliente API',
    question: '¿Se puede eliminar este cliente API?',
    deleted: API_CLIENT_ANSWERS.deleted,
    service,
  });
}
