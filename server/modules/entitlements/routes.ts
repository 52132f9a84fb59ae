import { BULK_MESSAGES } from '@contract/bulk';
import { idParam, recordIdParam, successEnvelope } from '@contract/common';
import { ENTITLEMENT_ANSWERS, ENTITLEMENT_TRANSITIONS_TEXT, entitlementDetail, entitlementFields, entitlementStatusFields } from '@contract/entitlement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { entitlements } from '../../db/schema';
import { bulkRoute } from '../../http/bulk';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { resourceRoutes, VERSION_DESCRIPTION } from '../../http/resource-routes';
import { expectedVersion, versionedWrite } from '../../http/versions';
import { visibleDspScope, VISIBILITY_DESCRIPTION } from '../customers/visibility';
import { createEntitlementService } from './service';

const statusWrite = versionedWrite(entitlementStatusFields, entitlementDetail);

const tags = ['Suscripciones'];

/** A bulk status change says why, always: the reason goes in every subscription's history. */
const bulkStatusFields = entitlementStatusFields.extend({
  reason: z.string({ error: BULK_MESSAGES.reasonRequired }).trim().min(1, BULK_MESSAGES.reasonRequired).max(500, BULK_MESSAGES.reasonTooLong),
});

export async function entitlementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createEntitlementService({ db });

  resourceRoutes(app, {
    path: '/api/v1/entitlements',
    access: 'signed-in',
    tags,
    item: entitlementDetail,
    detail: {
      summary: 'Una suscripción con su plan, sus periodos y su historial de estados',
      description: `Periodos del más antiguo al más reciente; historial del más reciente al más antiguo, con quién hizo cada cambio (changed_by). ${VISIBILITY_DESCRIPTION}`,
      get: (id, actor) => service.get(id, actor),
    },
    create: {
      summary: 'Suscribe un cliente a un plan de su DSP',
      description:
        "multipart, formulario o JSON: dsp_id ('Falta DSP.'), customer_id ('Falta Cliente.') y plan_id ('Debes indicar un Plan ID.'); " +
        'payment_method opcional (efectivo, tarjeta, transferencia o cheque; vacío = sin registrar), que las ventas muestran. ' +
        'El cliente debe ser de esa DSP y la DSP debe vender el plan (422); si el cliente ya tiene una suscripción de ese plan que no está ' +
        'cancelada, 409. La suscripción nace ACTIVE con un periodo abierto (desde ahora hasta el fin de los meses de permanencia del plan) ' +
        `y su primera fila de historial, en una transacción. Responde 201. ${VISIBILITY_DESCRIPTION}`,
      body: entitlementFields,
      message: ENTITLEMENT_ANSWERS.created,
      run: (body, actor) => service.create(body, actor),
    },
  });

  r.patch(
    '/api/v1/entitlements/:id/status',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cambia el estado de una suscripción',
        description:
          'Formulario o JSON: status (ACTIVE, SUSPENDED, CANCELLED, EXPIRED o PENDING) y reason opcional (500 caracteres como máximo). ' +
          `Transiciones permitidas: ${ENTITLEMENT_TRANSITIONS_TEXT} Salir de ACTIVE cierra el periodo abierto (termina ahora si iba a terminar ` +
          'después); entrar en ACTIVE abre uno nuevo desde ahora hasta el fin de los meses de permanencia del plan. Cada cambio escribe una ' +
          `fila de historial (estado anterior y nuevo, motivo, quién) en la misma transacción. Responde con la suscripción. ${VERSION_DESCRIPTION} ${VISIBILITY_DESCRIPTION}`,
        params: idParam,
        headers: statusWrite.headers,
        body: statusWrite.body,
        response: { 200: successEnvelope(entitlementDetail), 409: statusWrite.conflict },
      },
    },
    async (request) =>
      success(
        await service.changeStatus(request.params.id, request.body, actorOf(request), expectedVersion(request.headers, request.body)),
        ENTITLEMENT_ANSWERS.statusChanged,
      ),
  );

  bulkRoute(app, {
    db,
    list: 'entitlements',
    path: '/api/v1/dsps/:dspId/entitlements',
    params: z.object({ dspId: recordIdParam }),
    access: 'signed-in',
    tags,
    summary: 'Cambia el estado de muchas suscripciones de una DSP a la vez',
    description:
      `action status, con status y reason requerido ('${BULK_MESSAGES.reasonRequired}', 500 caracteres como máximo), como PATCH ` +
      `/api/v1/entitlements/{id}/status en cada una: ${ENTITLEMENT_TRANSITIONS_TEXT} Una que no puede pasar a ese estado va en skipped con el motivo. ` +
      `filter: status (varios separados por comas), customer_id y plan_id. ${VISIBILITY_DESCRIPTION}`,
    records: {
      table: entitlements,
      id: entitlements.id,
      filters: service.list,
      scope: ({ dspId }, actor) => visibleDspScope(db, actor, { id: dspId, column: entitlements.dspId }),
    },
    actions: { status: { input: bulkStatusFields, run: (id, input, actor) => service.changeStatus(id, input, actor) } },
  });
}
