import { idParam } from '@contract/common';
import { EVENT_PERIODS, SERVICE_ANSWERS, SERVICE_MESSAGES, service as serviceItem, serviceFields, serviceUpdateFields } from '@contract/service';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createServiceService } from './service';

const tags = ['Servicios'];

const createBody = serviceFields.extend({ image: fileField(SERVICE_MESSAGES.imageNotFile).optional() });
const updateBody = serviceUpdateFields.extend({ image: fileField(SERVICE_MESSAGES.imageNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, category_id, coverage_amount (≥ 0, 2 decimales), unlimited_coverage, ' +
  `event_limit (entero ≥ 0), unlimited_events, event_period (${EVENT_PERIODS.join(', ')}), inclusions, exclusions, is_active (true por defecto), ` +
  'apolo_code_ref (sin espacios alrededor; vacío: null), meta (texto o JSON: se guarda como JSON si lo es), ' +
  'image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). La cobertura es requerida salvo si es ilimitada y el límite de ' +
  'eventos salvo si son ilimitados; marcar ilimitado borra el monto o el límite. Si la campaña del plan tiene categorías, category_id es ' +
  'requerido y debe ser una de ellas. plan_id lo fija la ruta al crear y no cambia después: un plan_id distinto se rechaza (422).';

export async function serviceRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createServiceService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/services',
    access: 'sponsors.manage',
    tags,
    list: service.list,
    item: serviceItem,
    consumes: FILE_WRITE_TYPES,
    index: {
      of: service.everyList,
      summary: 'Lista paginada de servicios de todas las campañas',
      description:
        'Filtros: q (nombre y descripción), is_active, category_id, plan_id y campaign_id (la campaña del plan). ' +
        'include=campaign trae la campaña del plan (id, name, sponsor_id) para enlazar a su página.',
    },
    create: {
      path: '/api/v1/plans/:id/services',
      params: idParam,
      summary: 'Crea un servicio en un plan',
      description: `${WRITE_DESCRIPTION} 404 si el plan no existe. Responde 201 con el servicio, su categoría y su plan.`,
      body: createBody,
      message: SERVICE_ANSWERS.created,
      run: (body, actor, { id }) => service.create(id, body, actor),
    },
    detail: { summary: 'Un servicio', find: (id) => service.find(id) },
    update: {
      summary: 'Actualiza un servicio (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian; las reglas se comprueban sobre los valores resultantes, y la de la ` +
        'categoría cuando se envía category_id. Una imagen nueva reemplaza a la anterior, que se borra.',
      body: updateBody,
      message: SERVICE_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un servicio y su imagen',
      question: '¿Se puede eliminar este servicio?',
      refusals: "Un servicio con agendamientos no se elimina: 409 que los cuenta ('No se puede eliminar: tiene 3 agendamientos').",
      message: SERVICE_ANSWERS.deleted,
      service,
    },
  });

  r.get(
    '/api/v1/plans/:id/services',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Los servicios de un plan',
        description: '404 si el plan no existe.',
        params: idParam,
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => {
      await service.findPlan(request.params.id);
      return service.list.answer(request, reply, { scope: eq(services.planId, request.params.id) });
    },
  );
}
