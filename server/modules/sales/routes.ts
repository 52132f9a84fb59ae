import { recordIdParam, successEnvelope } from '@contract/common';
import { SALE_STATUS_TEXT, salesSummary } from '@contract/sale';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { csvFileName } from '../../http/csv';
import { success } from '../../http/envelope';
import { resourceRoutes } from '../../http/resource-routes';
import { VISIBILITY_DESCRIPTION } from '../customers/visibility';
import { createSalesService } from './service';

const tags = ['Ventas'];

const SALES_DESCRIPTION =
  `Una venta por suscripción: fecha (created_at), cliente, DSP, plan, monto (el precio del plan, decimal exacto; null si el plan no tiene), ` +
  `moneda (currency, ISO 4217: la del país de la campaña del plan), método de pago y estado. ${SALE_STATUS_TEXT} Fechas from y to en AAAA-MM-DD, días de Bogotá (UTC−5), inclusivas; ` +
  `una fecha mal escrita da 400. ${VISIBILITY_DESCRIPTION}`;

const CSV_FORMAT = 'UTF-8 con BOM (para Excel), separado por comas, sin límite de filas (se lee por tandas); una celda que empieza por =, +, - o @ se escribe tras una comilla simple para que la hoja no la ejecute como fórmula.';

export async function salesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createSalesService({ db });

  resourceRoutes(app, {
    path: '/api/v1/sales',
    access: 'signed-in',
    tags,
    list: service.list,
    index: {
      summary: 'Las ventas: una por suscripción, la más reciente primero',
      description: `${SALES_DESCRIPTION} Los totales de todas las filas filtradas (no solo de la página) están en /api/v1/sales/summary.`,
      answer: (request, reply) => {
        const actor = actorOf(request);
        return service.list.answer(request, reply, { scope: service.visible(actor), exactTotal: service.talliedCount(actor) });
      },
    },
  });

  r.get(
    '/api/v1/sales/summary',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Los totales de las ventas filtradas, por moneda: cuántas y la suma de sus montos',
        description: `Los mismos filtros que la lista. count: todas las ventas; totals: una fila por moneda (currency, count, total_amount: la suma exacta de sus montos, decimal), ordenadas por código: montos de monedas distintas nunca se suman. ${SALES_DESCRIPTION}`,
        querystring: service.list.filtersQuerystring,
        response: { 200: successEnvelope(salesSummary) },
      },
    },
    async (request) => success(await service.summary(request.query as Record<string, unknown>, actorOf(request))),
  );

  r.get(
    '/api/v1/sales/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Las ventas filtradas, en CSV',
        description:
          `Los mismos filtros que la lista; columnas Fecha (hora de Bogotá), Cliente, Email, DSP, Plan, Monto (decimal con punto), Moneda (ISO 4217), ` +
          `Método de pago y Estado; la más reciente primero. ${CSV_FORMAT} ${SALES_DESCRIPTION}`,
        querystring: service.list.filtersQuerystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = service.exportSales(request.query as Record<string, unknown>, actorOf(request));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFileName('ventas')}"`).send(csv);
    },
  );

  r.get(
    '/api/v1/dsps/:dspId/customers/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Clientes'],
        summary: 'Los clientes filtrados de una DSP, en CSV',
        description:
          `Los mismos filtros que la lista de clientes; columnas DNI, Nombre, Email, Teléfono, Dirección, Ciudad, Planes (los de sus ` +
          `suscripciones no canceladas) y Creado (hora de Bogotá); el más reciente primero. ${CSV_FORMAT} ${VISIBILITY_DESCRIPTION}`,
        params: z.object({ dspId: recordIdParam }),
        querystring: service.customerFiltersQuerystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await service.assertVisibleDsp(request.params.dspId, actorOf(request));
      const csv = service.exportCustomers(request.params.dspId, request.query as Record<string, unknown>);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFileName('clientes')}"`).send(csv);
    },
  );
}
