import { successEnvelope } from '@contract/common';
import { SALE_STATUS_TEXT, salesSummary } from '@contract/sale';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { resourceRoutes } from '../../http/resource-routes';
import { VISIBILITY_DESCRIPTION } from '../customers/visibility';
import { createSalesService } from './service';

const tags = ['Ventas'];

const SALES_DESCRIPTION =
  `Una venta por suscripción: fecha (created_at), cliente, DSP, plan, monto (el precio del plan, decimal exacto; null si el plan no tiene), ` +
  `moneda (currency, ISO 4217: la del país de la campaña del plan), método de pago y estado. ${SALE_STATUS_TEXT} Fechas from y to en AAAA-MM-DD, días de Bogotá (UTC−5), inclusivas; ` +
  `una fecha mal escrita da 400. ${VISIBILITY_DESCRIPTION}`;

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
      call: (request) => {
        const actor = actorOf(request);
        return { scope: service.visible(actor), exactTotal: service.talliedCount(actor) };
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
}
