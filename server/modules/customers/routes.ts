import { recordIdParam, successEnvelope } from '@contract/common';
import { CUSTOMER_ANSWERS, customer, customerDspPlans, customerFields, customerUpdateFields } from '@contract/customer';
import { ENTITLEMENT_TRANSITIONS_TEXT } from '@contract/entitlement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { bulkRoute, DELETE_DESCRIPTION, deleteAction } from '../../http/bulk';
import { resourceRoutes } from '../../http/resource-routes';
import { historyRoute } from '../audit/routes';
import { createAuditService } from '../audit/service';
import { createCustomerService } from './service';
import { assertVisibleDsp, visibleDsp, VISIBILITY_DESCRIPTION } from './visibility';

const tags = ['Clientes'];
const dspIdParam = z.object({ dspId: recordIdParam });
const ofDsp = '/api/v1/dsps/:dspId/customers';

const WRITE_DESCRIPTION =
  'JSON, formulario o multipart: dni, name y email requeridos (email en minúsculas); phone y meta {address, city} opcionales ' +
  '(meta[address] en un formulario); plan_id, al menos un plan que la DSP vende (plan_id[0], plan_id[1]… en un formulario; 422 en plan_id si no). ' +
  'DNI y email son únicos dentro de la DSP, sin distinguir mayúsculas ni tildes (409 con el error en el campo); otra DSP puede tener el mismo. ' +
  'La contraseña se guarda con hash (scrypt) y nunca se responde; el historial la registra como cambiada, nunca su valor.';

export async function customerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCustomerService({ db });
  const audit = createAuditService({ db, restoreWindowSeconds: app.restores.windowSeconds });

  resourceRoutes(app, {
    path: '/api/v1/customers',
    access: 'signed-in',
    tags,
    list: service.list,
    item: customer,
    index: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Los clientes de una DSP',
      description: `Con include=entitlements,entitlements.plan, sus suscripciones con su plan, en un número fijo de consultas. ${VISIBILITY_DESCRIPTION}`,
      call: (request) => service.ofVisibleDsp(request.params.dspId, actorOf(request)),
    },
    create: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Crea un cliente de una DSP con sus suscripciones',
      description:
        `${WRITE_DESCRIPTION} password y password_confirmation requeridas e iguales. Cada plan crea una suscripción ACTIVE con un periodo ` +
        'abierto (desde ahora hasta el fin de los meses de permanencia del plan) y su primera fila de historial; el cliente y sus ' +
        `suscripciones se guardan juntos o nada. Responde 201 con el cliente y sus suscripciones. ${VISIBILITY_DESCRIPTION}`,
      body: customerFields,
      message: CUSTOMER_ANSWERS.created,
      run: (body, actor, { dspId }) => service.create(dspId, body, actor),
    },
    detail: { summary: 'Un cliente', description: VISIBILITY_DESCRIPTION, find: (id, actor) => service.find(id, actor) },
    update: {
      summary: 'Actualiza un cliente (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian. La contraseña es opcional (vacía = sin cambio) pero, si llega, debe ` +
        'coincidir con password_confirmation. plan_id, si llega, es la lista completa de planes del cliente: un plan nuevo crea su ' +
        "suscripción ACTIVE; la suscripción de un plan quitado pasa a CANCELLED con el motivo 'Plan quitado del cliente.' (nunca se borra). " +
        `Reglas de estado de las suscripciones: ${ENTITLEMENT_TRANSITIONS_TEXT} ${VISIBILITY_DESCRIPTION}`,
      body: customerUpdateFields,
      message: CUSTOMER_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un cliente con sus suscripciones',
      question: '¿Se puede eliminar este cliente?',
      refusals: `Un cliente con agendamientos no se elimina: 409 que los cuenta. ${VISIBILITY_DESCRIPTION}`,
      message: CUSTOMER_ANSWERS.deleted,
      service,
    },
  });

  r.get(
    '/api/v1/dsps/:dspId/customer-plans',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'La DSP y los planes que vende, para el formulario de sus clientes',
        description:
          'Responde id y name de la DSP y sus planes (id, name, price) ordenados por nombre: lo que el formulario de clientes ofrece. ' +
          `Lo lee quien ve los clientes de la DSP, aunque no pueda configurar DSP. ${VISIBILITY_DESCRIPTION}`,
        params: dspIdParam,
        response: { 200: successEnvelope(customerDspPlans) },
      },
    },
    async (request) => success(await service.dspPlans(request.params.dspId, actorOf(request))),
  );

  historyRoute(app, {
    audit,
    path: '/api/v1/customers',
    resource: 'customer',
    access: 'signed-in',
    summary: 'Historial de cambios de un cliente, el más reciente primero',
    description: VISIBILITY_DESCRIPTION,
    find: (id, actor) => service.find(id, actor),
  });

  bulkRoute(app, {
    db,
    list: 'customers',
    path: ofDsp,
    params: dspIdParam,
    access: 'signed-in',
    tags,
    summary: 'Elimina muchos clientes de una DSP a la vez',
    description: `${DELETE_DESCRIPTION} Un cliente con agendamientos queda como estaba, con el mensaje que los cuenta. ${VISIBILITY_DESCRIPTION}`,
    records: {
      table: customers,
      id: customers.id,
      filters: service.list,
      scope: async ({ dspId }, actor) => {
        await assertVisibleDsp(db, actor, dspId);
        return and(eq(customers.dspId, dspId), visibleDsp(actor, customers.dspId));
      },
    },
    actions: deleteAction(service.remove),
  });
}
