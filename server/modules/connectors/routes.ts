import { recordIdParam } from '@contract/common';
import { CONNECTOR_ANSWERS, CREDENTIAL_MASK, connector, connectorFields, connectorUpdateFields } from '@contract/connector';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { connectors } from '../../db/schema';
import { bulkRoute, ENABLE_DESCRIPTION, enableActions } from '../../http/bulk';
import { resourceRoutes } from '../../http/resource-routes';
import { createCredentialBox, resolveAppKey } from '../../security/credentials';
import { createConnectorService } from './service';

const dspIdParam = z.object({ dspId: recordIdParam });

const WRITE_DESCRIPTION =
  'JSON (o un formulario con settings y params como texto JSON): key, driver (database o api) y type (BOOKING o PAYMENT) requeridos ' +
  '(cada uno con su mensaje en su campo); settings, un objeto JSON, requerido; params, un objeto JSON, requerido con driver ' +
  'database y {} por defecto con api; plans, al menos un mapeo {plan_id, external_plan_id}, cada uno un plan que la DSP vende y sin repetir ' +
  '(422 en plans); enabled (true por defecto); varification_policy (texto libre, escrito así). La key es única dentro de su DSP, sin distinguir ' +
  'mayúsculas, tildes ni espacios alrededor (409 con el error en key). Los valores de las claves con credenciales (password, secret, token, ' +
  `api_key, authorization…, a cualquier profundidad) se guardan cifrados y se leen como '${CREDENTIAL_MASK}'. El conector y su mapa de planes ` +
  'se escriben en una sola transacción.';

export async function connectorRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const service = createConnectorService({ db, credentials: createCredentialBox(resolveAppKey(config)) });
  const ofDsp = '/api/v1/dsps/:dspId/connectors';

  resourceRoutes(app, {
    path: '/api/v1/connectors',
    access: 'dsps.manage',
    tags: ['Conectores'],
    list: service.list,
    item: connector,
    index: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Los conectores de una DSP',
      description: `404 si la DSP no existe. Las credenciales de settings y params se muestran como '${CREDENTIAL_MASK}'.`,
      answer: async (request, reply) => {
        await service.assertDsp(request.params.dspId);
        return service.list.answer(request, reply, { scope: service.ofDsp(request.params.dspId) });
      },
    },
    detail: {
      summary: 'Un conector',
      description: `Las credenciales de settings y params se muestran como '${CREDENTIAL_MASK}'.`,
      find: (id) => service.find(id),
    },
    create: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Crea un conector de una DSP con su mapa de planes',
      description: `${WRITE_DESCRIPTION} 404 si la DSP no existe. Responde 201 con el conector y sus planes.`,
      body: connectorFields,
      message: CONNECTOR_ANSWERS.created,
      run: (body, actor, { dspId }) => service.create(dspId, body, actor),
    },
    update: {
      summary: 'Actualiza un conector (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian ({enabled} solo lo activa o desactiva); plans, si se envía, reemplaza el mapa. ` +
        `Una credencial enviada como '${CREDENTIAL_MASK}' conserva el valor guardado; otro valor lo reemplaza.`,
      body: connectorUpdateFields,
      message: CONNECTOR_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un conector y su mapa de planes',
      question: '¿Se puede eliminar este conector?',
      message: CONNECTOR_ANSWERS.deleted,
      service,
    },
  });

  bulkRoute(app, {
    db,
    list: 'connectors',
    path: ofDsp,
    params: dspIdParam,
    access: 'dsps.manage',
    tags: ['Conectores'],
    summary: 'Activa o desactiva muchos conectores de una DSP a la vez',
    description: `${ENABLE_DESCRIPTION} 404 si la DSP no existe; un conector de otra DSP va en skipped como no encontrado.`,
    records: {
      table: connectors,
      id: connectors.id,
      filters: service.list,
      scope: async ({ dspId }) => {
        await service.assertDsp(dspId);
        return service.ofDsp(dspId);
      },
    },
    actions: enableActions(service.update),
  });
}
