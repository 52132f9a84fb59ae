import { idParam, recordIdParam, successEnvelope } from '@contract/common';
import { CONNECTOR_ANSWERS, CREDENTIAL_MASK, connector, connectorFields, connectorUpdateFields } from '@contract/connector';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import type { CredentialBox } from '../../security/credentials';
import { createConnectorService } from './service';

const tags = ['Conectores'];
const dspIdParam = z.object({ dspId: recordIdParam });

const WRITE_DESCRIPTION =
  'JSON (o un formulario con settings y params como texto JSON): key, driver (database o api) y type (BOOKING o PAYMENT) requeridos ' +
  "('Los campos key, driver y type son obligatorios.'); settings, un objeto JSON, requerido; params, un objeto JSON, requerido con driver " +
  'database y {} por defecto con api; plans, al menos un mapeo {plan_id, external_plan_id}, cada uno un plan que la DSP vende y sin repetir ' +
  '(422 en plans); enabled (true por defecto); varification_policy (texto libre, escrito así). La key es única dentro de su DSP, sin distinguir ' +
  'mayúsculas, tildes ni espacios alrededor (409 con el error en key). Los valores de las claves con credenciales (password, secret, token, ' +
  `api_key, authorization…, a cualquier profundidad) se guardan cifrados y se leen como '${CREDENTIAL_MASK}'. El conector y su mapa de planes ` +
  'se escriben en una sola transacción.';

export async function connectorRoutes(app: FastifyInstance, { db, credentials }: { db: Db; credentials: CredentialBox }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createConnectorService({ db, credentials });

  r.get(
    '/api/v1/dsps/:dspId/connectors',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Los conectores de una DSP',
        description: `404 si la DSP no existe. Las credenciales de settings y params se muestran como '${CREDENTIAL_MASK}'.`,
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
    '/api/v1/connectors/:id',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Un conector',
        description: `Las credenciales de settings y params se muestran como '${CREDENTIAL_MASK}'.`,
        params: idParam,
        querystring: service.list.detailQuerystring,
        response: { 200: service.list.detailResponse },
      },
    },
    async (request, reply) => service.list.answerOne(request, reply, () => service.find(request.params.id)),
  );

  r.post(
    '/api/v1/dsps/:dspId/connectors',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Crea un conector de una DSP con su mapa de planes',
        description: `${WRITE_DESCRIPTION} 404 si la DSP no existe. Responde 201 con el conector y sus planes.`,
        params: dspIdParam,
        body: connectorFields,
        response: { 201: successEnvelope(connector) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(success(await service.create(request.params.dspId, request.body, actorOf(request)), CONNECTOR_ANSWERS.created)),
  );

  r.put(
    '/api/v1/connectors/:id',
    {
      config: { access: 'dsps.manage' },
      schema: {
        tags,
        summary: 'Actualiza un conector (también POST con _method=PUT)',
        description:
          `${WRITE_DESCRIPTION} Los campos ausentes no cambian ({enabled} solo lo activa o desactiva); plans, si se envía, reemplaza el mapa. ` +
          `Una credencial enviada como '${CREDENTIAL_MASK}' conserva el valor guardado; otro valor lo reemplaza.`,
        params: idParam,
        body: connectorUpdateFields,
        response: { 200: successEnvelope(connector) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), CONNECTOR_ANSWERS.updated),
  );

  deleteRoutes(app, {
    path: '/api/v1/connectors',
    access: 'dsps.manage',
    tags,
    summary: 'Elimina un conector y su mapa de planes',
    question: '¿Se puede eliminar este conector?',
    deleted: CONNECTOR_ANSWERS.deleted,
    service,
  });
}
