import { API_CLIENT_ANSWERS, apiClientFields, apiClientUpdateFields, apiClientWithSecret } from '@contract/api-client';
import { recordIdParam } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { apiClients } from '../../db/schema';
import { FILE_WRITE_TYPES } from '../../http/file-field';
import { bulkRoute, ENABLE_DESCRIPTION, enableActions } from '../../http/bulk';
import { resourceRoutes } from '../../http/resource-routes';
import { createApiClientService } from './service';

const dspIdParam = z.object({ dspId: recordIdParam });

const WRITE_DESCRIPTION =
  'multipart/form-data, formulario o JSON: name y client_id requeridos; client_secret requerido al crear salvo con generate_secret=true, ' +
  "que lo genera el servidor ('Los campos name, client_id y client_secret son obligatorios.'); base_url, una URL http o https (sin esquema se guarda con https://); type (BACKEND " +
  'por defecto, PARTNER, INTEGRATOR o ANALYTICS); enabled; scopes[i] e ip_whitelist[i] (o un texto separado por comas o líneas), sin ' +
  'espacios alrededor ni entradas vacías, cada IP una dirección IPv4/IPv6 o un rango CIDR (422 que nombra la entrada); ' +
  'rate_limit[max_requests] (entero ≥ 0; vacío quita el límite) y rate_limit[period] (minute, hour o day; hour por defecto). ' +
  'El client_id es único (409). El secreto se guarda solo como hash y se responde una única vez, en client_secret.';

export async function apiClientRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = createApiClientService({ db });
  const ofDsp = '/api/v1/dsps/:dspId/clients';

  resourceRoutes(app, {
    path: '/api/v1/clients',
    access: 'dsps.manage',
    tags: ['Clientes API'],
    list: service.list,
    item: apiClientWithSecret,
    consumes: FILE_WRITE_TYPES,
    index: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Los clientes API de una DSP',
      description: '404 si la DSP no existe. Nunca incluye el secreto.',
      answer: async (request, reply) => {
        await service.assertDsp(request.params.dspId);
        return service.list.answer(request, reply, { scope: service.ofDsp(request.params.dspId) });
      },
    },
    detail: { summary: 'Un cliente API (sin su secreto)', find: (id) => service.find(id) },
    create: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Crea un cliente API de una DSP',
      description: `${WRITE_DESCRIPTION} 404 si la DSP no existe. Responde 201 con el cliente y su client_secret, que no se vuelve a mostrar.`,
      body: apiClientFields,
      message: API_CLIENT_ANSWERS.created,
      run: (body, actor, { dspId }) => service.create(dspId, body, actor),
    },
    update: {
      summary: 'Actualiza un cliente API (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian ({enabled} solo lo activa o desactiva); un client_secret ausente o vacío conserva ` +
        'el guardado; uno nuevo o generate_secret=true lo reemplaza y la respuesta lo incluye, esa única vez.',
      body: apiClientUpdateFields,
      message: API_CLIENT_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un cliente API',
      question: '¿Se puede eliminar este cliente API?',
      message: API_CLIENT_ANSWERS.deleted,
      service,
    },
  });

  bulkRoute(app, {
    db,
    list: 'clients',
    path: ofDsp,
    params: dspIdParam,
    access: 'dsps.manage',
    tags: ['Clientes API'],
    summary: 'Activa o desactiva muchos clientes API de una DSP a la vez',
    description: `${ENABLE_DESCRIPTION} 404 si la DSP no existe; un cliente de otra DSP va en skipped como no encontrado. Nunca cambia ni muestra su secreto.`,
    records: {
      table: apiClients,
      id: apiClients.id,
      filters: service.list,
      scope: async ({ dspId }) => {
        await service.assertDsp(dspId);
        return service.ofDsp(dspId);
      },
    },
    actions: enableActions(service.update),
  });
}
