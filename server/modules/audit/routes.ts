import { API_CLIENT_NOT_FOUND } from '@contract/api-client.constants';
import { type AuditResource } from '@contract/audit';
import { idParam, restoredRecord, successEnvelope } from '@contract/common';
import { RESTORE_MESSAGES } from '@contract/restore';
import { CONNECTOR_NOT_FOUND } from '@contract/connector.constants';
import type { Permission } from '@contract/permissions';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { apiClients, campaignCategories, campaigns, categories, connectors, dsps, plans, services, sponsors, users } from '../../db/schema';
import type { Access } from '../../http/access';
import { type Actor, actorOf } from '../../http/actor';
import { notFound } from '../../http/errors';
import { success } from '../../http/envelope';
import { resourceRoutes } from '../../http/resource-routes';
import { CAMPAIGN_CATEGORY_NOT_FOUND } from '../campaign-categories/service';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service';
import { CATEGORY_NOT_FOUND } from '../categories/service';
import { DSP_NOT_FOUND } from '../dsps/service';
import { SERVICE_NOT_FOUND } from '../services/service';
import { PLAN_NOT_FOUND } from '../plans/service';
import { SPONSOR_NOT_FOUND } from '../sponsors/service';
import { USER_ERRORS } from '../users/service';
import { type ChildRecords, createAuditService } from './service';

const tags = ['Historial de cambios'];

/**
 * The records with a 'Historial': each gets `GET /api/v1/<path>/:id/history`, for whoever may
 * edit it (its own permission). A new resource whose writes record their history is one entry here.
 */
const HISTORIES: { path: string; resource: AuditResource; access: Permission; table: PgTable; id: PgColumn; notFound: string; children?: ChildRecords[] }[] = [
  { path: 'users', resource: 'user', access: 'users.manage', table: users, id: users.id, notFound: USER_ERRORS.notFound },
  {
    path: 'sponsors',
    resource: 'sponsor',
    access: 'sponsors.manage',
    table: sponsors,
    id: sponsors.id,
    notFound: SPONSOR_NOT_FOUND,
    children: [{ resource: 'campaign', column: 'sponsor_id' }],
  },
  {
    path: 'campaigns',
    resource: 'campaign',
    access: 'sponsors.manage',
    table: campaigns,
    id: campaigns.id,
    notFound: CAMPAIGN_NOT_FOUND,
    children: [
      { resource: 'plan', column: 'campaign_id' },
      { resource: 'campaign-category', column: 'campaign_id' },
    ],
  },
  { path: 'categories', resource: 'category', access: 'categories.manage', table: categories, id: categories.id, notFound: CATEGORY_NOT_FOUND },
  {
    path: 'campaign-categories',
    resource: 'campaign-category',
    access: 'sponsors.manage',
    table: campaignCategories,
    id: campaignCategories.id,
    notFound: CAMPAIGN_CATEGORY_NOT_FOUND,
  },
  { path: 'services', resource: 'service', access: 'sponsors.manage', table: services, id: services.id, notFound: SERVICE_NOT_FOUND },
  {
    path: 'plans',
    resource: 'plan',
    access: 'sponsors.manage',
    table: plans,
    id: plans.id,
    notFound: PLAN_NOT_FOUND,
    children: [{ resource: 'service', column: 'plan_id' }],
  },
  {
    path: 'dsps',
    resource: 'dsp',
    access: 'dsps.manage',
    table: dsps,
    id: dsps.id,
    notFound: DSP_NOT_FOUND,
    children: [
      { resource: 'connector', column: 'dsp_id' },
      { resource: 'api-client', column: 'dsp_id' },
      { resource: 'customer', column: 'dsp_id' },
    ],
  },
  { path: 'connectors', resource: 'connector', access: 'dsps.manage', table: connectors, id: connectors.id, notFound: CONNECTOR_NOT_FOUND },
  { path: 'clients', resource: 'api-client', access: 'dsps.manage', table: apiClients, id: apiClients.id, notFound: API_CLIENT_NOT_FOUND },
];


export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAuditService({ db, restoreWindowSeconds: app.restores.windowSeconds });

  resourceRoutes(app, {
    path: '/api/v1/audit',
    access: 'audit.view',
    tags,
    list: service.list,
    index: {
      summary: 'Historial de cambios: cada escritura, la más reciente primero',
      description:
        'Fechas from y to en AAAA-MM-DD (UTC, inclusivas); una fecha mal escrita da 400. Una acción masiva (POST …/bulk) es una sola línea: ' +
        'su primera entrada, con batch {id, count} (cuántos registros cambió); las demás entradas tienen batch null. Con filter[batch_id] ' +
        'se listan las entradas de esa acción, una por registro, cada una con su batch; con filter[resource_id], todas las de ese registro. ' +
        'El total y las páginas cuentan líneas.',
      answer: (request, reply) => service.answerLines(request, reply),
    },
  });

  r.post(
    '/api/v1/audit/:id/restore',
    {
      // Each resource's own permission is checked on its entry (RESTORE_ACCESS): without it the entry is a 404.
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Restaura el registro que borró una entrada de eliminación',
        description:
          'Vuelve a crear el registro con su id, sus campos, sus archivos y sus relaciones que sigan existiendo, y lo anota en el historial (restore). ' +
          'Con el permiso de gestión del recurso (el mismo del DELETE) y sus DSP asignados; si no, 404. 201 con el registro como lo responde su alta ' +
          '(un cliente API trae un client_secret nuevo, que se muestra solo esta vez; una persona restaurada entra tras recuperar su contraseña). ' +
          '409 si su id o su nombre ya están tomados, o si ya se restauró; 410 pasado RESTORE_WINDOW; 422 si algo que necesita ya no existe ' +
          "(por ejemplo 'El sponsor de esta campaña ya no existe.') o si la entrada no es una eliminación.",
        params: idParam,
        response: { 201: successEnvelope(restoredRecord) },
      },
    },
    async (request, reply) => {
      const restored = await app.restores.restore(request.params.id, actorOf(request));
      return reply.status(201).send(success(restored as { id: number }, RESTORE_MESSAGES.restored));
    },
  );

  for (const history of HISTORIES) {
    historyRoute(app, {
      audit: service,
      path: `/api/v1/${history.path}`,
      resource: history.resource,
      access: history.access,
      summary: `Historial de cambios de un registro (${history.path}), el más reciente primero`,
      description: history.children
        ? `Incluye las eliminaciones de sus ${history.children.map((child) => child.resource).join(', ')}, que se pueden restaurar desde aquí.`
        : undefined,
      children: history.children,
      find: async (id) => {
        const [found] = await db.select({ id: history.id }).from(history.table).where(eq(history.id, id));
        if (!found) throw notFound(history.notFound);
      },
    });
  }
}

/** `GET {path}/:id/history`: one record's history, newest first, once `find` has found the record (or answered its 404). */
export function historyRoute(
  app: FastifyInstance,
  options: {
    audit: ReturnType<typeof createAuditService>;
    path: string;
    resource: AuditResource;
    access: Access;
    summary: string;
    description?: string;
    find: (id: number, actor: Actor) => Promise<unknown>;
    /** Records hanging on this one whose deletes its history shows too. */
    children?: readonly ChildRecords[];
  },
) {
  const { audit, resource, find } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${options.path}/:id/history`,
    {
      config: { access: options.access, declaredBy: 'historyRoute' },
      schema: {
        tags,
        summary: options.summary,
        description: options.description,
        params: idParam,
        querystring: audit.list.querystring,
        response: { 200: audit.list.response },
      },
    },
    async (request, reply) => {
      await find(request.params.id, actorOf(request));
      return audit.list.answer(request, reply, { scope: audit.recordScope(resource, request.params.id, options.children) });
    },
  );
}
