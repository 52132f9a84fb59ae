import {
  BOOKING_ANSWERS,
  BOOKING_CHART_DAYS,
  BOOKING_MESSAGES,
  BOOKING_TRANSITIONS_TEXT,
  booking,
  bookingDsp,
  bookingFields,
  bookingStats,
  bookingStatusFields,
  bookingSummary,
  bookingUpdateFields,
} from '@contract/booking';
import { idParam, recordIdParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, actorOf } from '../../http/actor';
import { bookings } from '../../db/schema';
import { bulkRoute } from '../../http/bulk';
import { success } from '../../http/envelope';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes, VERSION_DESCRIPTION } from '../../http/resource-routes';
import { expectedVersion, versionedWrite } from '../../http/versions';
import type { Storage } from '../../storage';
import { historyRoute } from '../audit/routes';
import { createAuditService } from '../audit/service';
import { visibleDspScope, VISIBILITY_DESCRIPTION } from '../customers/visibility';
import { BOOKING_DSPS_MAX, createBookingService } from './service';

const tags = ['Agendamientos'];
const dspIdParam = z.object({ dspId: recordIdParam });
const ofDsp = '/api/v1/dsps/:dspId/bookings';
const files = {
  evidence_file: fileField(BOOKING_MESSAGES.evidenceNotFile).optional(),
  support_file: fileField(BOOKING_MESSAGES.supportNotFile).optional(),
};
const createBody = bookingFields.extend(files);
const updateBody = bookingUpdateFields.extend(files);
const statusWrite = versionedWrite(bookingStatusFields, booking);

const ACCESS_DESCRIPTION =
  'Leer agendamientos requiere el permiso operations.view; crearlos, editarlos, eliminarlos y cambiar su estado, bookings.change-status (403 sin él). ' +
  VISIBILITY_DESCRIPTION.replaceAll('los clientes', 'los clientes y agendamientos');

const TIME_ZONE_DESCRIPTION =
  'tz: zona horaria IANA (America/Bogota por defecto; la del navegador en el panel) en que se leen los días de filter[scheduled_at], ' +
  `filter[created_at], "hoy" y el gráfico; una zona que no existe da 400 ('${BOOKING_MESSAGES.timeZone}'). Los días van en AAAA-MM-DD ` +
  `o como rango AAAA-MM-DD,AAAA-MM-DD inclusivo; otra cosa da 400 ('${BOOKING_MESSAGES.date}').`;

const LIMIT_DESCRIPTION =
  'Límite de eventos: un servicio con event_limit admite, por suscripción, como mucho ese número de agendamientos no cancelados dentro del ' +
  'periodo que contiene scheduled_at (MONTHLY mes calendario, QUARTERLY trimestre, SEMI-ANNUALLY semestre, YEARLY año, en hora de Bogotá; ' +
  'LIFETIME o sin periodo: desde siempre); alcanzado, 422 en plan_service_id con la cuenta y el límite. unlimited_events: sin límite. ' +
  'Un agendamiento cancelado libera su cupo.';

const FILES_DESCRIPTION =
  'evidence_file y support_file: PNG, JPG, GIF o PDF, comprobados por su contenido, de 10 MB como máximo (415 con el error en el campo, 413); ' +
  'se responden como evidence_file_url y support_file_url. Uno nuevo reemplaza al anterior, que se borra.';

export async function bookingRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createBookingService({ db, storage, log: app.log });
  const audit = createAuditService({ db, restoreWindowSeconds: app.restores.windowSeconds });

  resourceRoutes(app, {
    path: '/api/v1/bookings',
    access: 'operations.view',
    tags,
    list: service.list,
    item: booking,
    consumes: FILE_WRITE_TYPES,
    index: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Los agendamientos de una DSP, el más reciente primero',
      description:
        'filter[q] (o q) busca en el código y en el nombre, DNI y teléfono del cliente; filter[status] uno o varios estados separados por comas; ' +
        'filter[customer_id]. include=customer,entitlement,entitlement.plan,plan,dsp,service en un número fijo de consultas. ' +
        `${TIME_ZONE_DESCRIPTION} ${ACCESS_DESCRIPTION}`,
      call: (request) => service.ofVisibleDsp(request.params.dspId, request.query as Record<string, unknown>, actorOf(request)),
    },
    create: {
      path: ofDsp,
      params: dspIdParam,
      access: 'bookings.change-status',
      summary: 'Agenda un servicio para un cliente de la DSP',
      description:
        'JSON, formulario o multipart: customer_id (un cliente de esta DSP), entitlement_id (una suscripción ACTIVE de ese cliente en esta DSP), ' +
        'plan_service_id (un servicio activo del plan de la suscripción) y scheduled_at (ISO 8601 con zona horaria) requeridos; notes, ' +
        'meta {country, city, phone, address, latitude, longitude} (meta[city] en un formulario), evidence_file y support_file opcionales. ' +
        "Cada regla incumplida da 422 en su campo. Nace PENDING con un código 'AG-' y 8 caracteres, el plan de la suscripción y su primera fila " +
        `de historial, en una transacción. Responde 201. ${LIMIT_DESCRIPTION} ${FILES_DESCRIPTION} ${ACCESS_DESCRIPTION}`,
      body: createBody,
      message: BOOKING_ANSWERS.created,
      run: (body, actor, { dspId }) => service.create(dspId, body, actor),
    },
    detail: {
      summary: 'Un agendamiento',
      description: `include como la lista y status_histories (el más reciente primero, con quién hizo cada cambio). ${ACCESS_DESCRIPTION}`,
      find: (id, actor) => service.find(id, actor),
    },
    update: {
      access: 'bookings.change-status',
      summary: 'Actualiza un agendamiento (también POST con _method=PUT)',
      description:
        'scheduled_at, notes y meta (se combina clave a clave) y archivos; los campos ausentes no cambian. El cliente, la suscripción, el servicio ' +
        'y el estado no se cambian aquí (el estado, en PATCH /api/v1/bookings/{id}/status). Un agendamiento CONSUMED no se edita (422). ' +
        `Una nueva fecha vuelve a comprobar el límite de eventos. ${LIMIT_DESCRIPTION} ${FILES_DESCRIPTION} ${ACCESS_DESCRIPTION}`,
      body: updateBody,
      message: BOOKING_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      access: 'bookings.change-status',
      summary: 'Elimina un agendamiento, su historial de estados y sus archivos',
      question: '¿Se puede eliminar este agendamiento?',
      refusals: ACCESS_DESCRIPTION,
      message: BOOKING_ANSWERS.deleted,
      service,
    },
  });

  r.get(
    '/api/v1/booking-dsps',
    {
      config: { access: 'operations.view' },
      schema: {
        tags,
        summary: 'Las DSP cuyos agendamientos la persona puede ver',
        description: `Las DSP de tipo BOOKING o MIXED, por nombre, ${BOOKING_DSPS_MAX} como máximo: el selector de DSP de la pantalla de agendamientos. ${ACCESS_DESCRIPTION}`,
        response: { 200: successEnvelope(z.array(bookingDsp)) },
      },
    },
    async (request) => success(await service.bookingDsps(actorOf(request))),
  );

  /** A figure of a DSP's bookings (its counters, its chart): read for the person asking from the querystring, answered in the envelope. */
  const dspFigure = <A extends z.ZodType>(
    name: 'summary' | 'stats',
    schema: { summary: string; description: string; querystring: z.ZodType; answer: A },
    read: (dspId: number, query: Record<string, unknown>, actor: Actor) => Promise<z.output<A>>,
  ) =>
    r.get(
      `${ofDsp}/${name}`,
      {
        config: { access: 'operations.view' },
        schema: {
          tags,
          summary: schema.summary,
          description: schema.description,
          params: dspIdParam,
          querystring: schema.querystring,
          // Widened for fastify: it cannot resolve a reply type from a generic schema; `read` is held to `answer` above.
          response: { 200: successEnvelope(schema.answer as z.ZodType) },
        },
      },
      async (request) => success(await read(request.params.dspId, request.query as Record<string, unknown>, actorOf(request))),
    );

  dspFigure(
    'summary',
    {
      summary: 'Los contadores de los agendamientos filtrados',
      description:
        'Los mismos filtros que la lista. total: los que los filtros dejan; today: los que dejan los mismos filtros (filter[scheduled_at] incluido), ' +
        `agendados hoy en tz; date: el día de hoy en tz (AAAA-MM-DD). ${TIME_ZONE_DESCRIPTION} ${ACCESS_DESCRIPTION}`,
      querystring: service.list.filtersQuerystring,
      answer: bookingSummary,
    },
    service.summary,
  );

  dspFigure(
    'stats',
    {
      summary: 'Agendamientos por día y estado, los últimos días',
      description:
        `Los ${BOOKING_CHART_DAYS} días que terminan hoy en tz, uno por entrada (en cero si no hay), contando los agendamientos por el día ` +
        `de scheduled_at en tz y por estado. ${TIME_ZONE_DESCRIPTION} ${ACCESS_DESCRIPTION}`,
      querystring: z.object({ tz: z.string().optional().meta({ description: 'Zona horaria IANA (America/Bogota por defecto).' }) }),
      answer: bookingStats,
    },
    service.stats,
  );

  r.patch(
    '/api/v1/bookings/:id/status',
    {
      config: { access: 'bookings.change-status' },
      schema: {
        tags,
        summary: 'Cambia el estado de un agendamiento (también POST con _method=PATCH)',
        description:
          `JSON o formulario: status y reason opcional (500 caracteres como máximo). ${BOOKING_TRANSITIONS_TEXT} Entrar en CONFIRMED, CANCELLED ` +
          'o CONSUMED marca su hora (ahora); volver a PENDING borra confirmed_at y cancelled_at (hay que confirmarlo otra vez); consumed_at ' +
          'no se borra nunca (CONSUMED es final). Reabrir un cancelado vuelve a ocupar un cupo: se comprueba el límite de eventos. ' +
          `Responde el agendamiento con sus relaciones. ${VERSION_DESCRIPTION} ${ACCESS_DESCRIPTION}`,
        params: idParam,
        headers: statusWrite.headers,
        body: statusWrite.body,
        response: { 200: successEnvelope(booking), 409: statusWrite.conflict },
      },
    },
    async (request) =>
      success(
        await service.changeStatus(request.params.id, request.body, actorOf(request), expectedVersion(request.headers, request.body)),
        BOOKING_ANSWERS.statusChanged,
      ),
  );

  bulkRoute(app, {
    db,
    list: 'bookings',
    path: ofDsp,
    params: dspIdParam,
    access: 'bookings.change-status',
    tags,
    summary: 'Cambia el estado de muchos agendamientos de una DSP a la vez',
    description:
      `action status, con status y reason opcional (500 caracteres como máximo), como PATCH /api/v1/bookings/{id}/status en cada uno: ${BOOKING_TRANSITIONS_TEXT} ` +
      'Uno que no puede pasar a ese estado (un CONSUMED, o el mismo estado) va en skipped con el motivo; cada cambio escribe su fila de historial ' +
      `de estados y se anuncia en el stream en vivo de la DSP. filter toma los filtros de la lista (y tz). ${ACCESS_DESCRIPTION}`,
    records: {
      table: bookings,
      id: bookings.id,
      filters: service.list,
      scope: ({ dspId }, actor) => visibleDspScope(db, actor, { id: dspId, column: bookings.dspId }),
    },
    actions: { status: { input: bookingStatusFields, runChunk: service.bulkStatus } },
  });

  historyRoute(app, {
    audit,
    path: '/api/v1/bookings',
    resource: 'booking',
    access: 'operations.view',
    summary: 'Historial de cambios de un agendamiento, el más reciente primero',
    description: ACCESS_DESCRIPTION,
    find: (id, actor) => service.find(id, actor),
  });
}
