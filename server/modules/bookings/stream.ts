import { BOOKING_STREAM_EVENT, bookingStreamEvent } from '@contract/booking';
import { recordIdParam } from '@contract/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Listen } from '../../db/client';
import { sessions } from '../../db/schema';
import { actorOf, type Actor } from '../../http/actor';
import { AppError, tooManyRequests } from '../../http/errors';
import { REQUEST_ID_HEADER } from '../../http/request-log';
import { loadPrincipal } from '../auth/principal';
import { assertVisibleDsp, VISIBILITY_DESCRIPTION } from '../customers/visibility';
import { authorityOf } from '../roles/authority';
import { BOOKING_CHANNEL } from './live';

/** Limits and timing of the live stream; the defaults suit production, tests shorten the heartbeat. */
export interface BookingStreamOptions {
  /** How often an open stream gets a comment (keeps proxies from closing it) and its access is checked again. */
  heartbeatMs: number;
  /** Open streams one session may hold (a few tabs); one more answers 429. */
  maxPerSession: number;
  /** Open streams of this API instance. */
  maxTotal: number;
  /** The reconnection delay the stream asks browsers to use (`retry:`). */
  retryMs: number;
}

export const DEFAULT_BOOKING_STREAM_OPTIONS: BookingStreamOptions = { heartbeatMs: 20_000, maxPerSession: 5, maxTotal: 1_000, retryMs: 2_000 };

/** The event a stream sends when its instance may have missed notifications: refetch everything. */
export const BOOKING_RESYNC_EVENT = 'resync';

export const STREAM_MESSAGES = {
  perSession: 'Tienes demasiadas pantallas de agendamientos abiertas en vivo. Cierra alguna y vuelve a intentarlo.',
  total: 'El servidor tiene demasiadas conexiones en vivo abiertas. Vuelve a intentarlo en un momento.',
  unavailable: 'Las actualizaciones en vivo no están disponibles en este momento. Vuelve a intentarlo.',
} as const;

/** A stream that has not drained this much is too slow to keep: it is closed, and its client reconnects. */
const MAX_BUFFERED_BYTES = 1 << 20;

interface Subscriber {
  dspId: number;
  sessionId: number | null;
  send(event: string, data: unknown): void;
  /** Ends the stream, after `lastWords` when given (written as is). */
  close(lastWords?: string): void;
}

/**
 * One LISTEN per API instance on the bookings channel, fanned out to the open streams of each DSP.
 * Every instance hears every commit on the database, so a change made through any of them reaches
 * the streams open on all of them.
 */
export function createBookingHub(listen: Listen, log: FastifyBaseLogger) {
  const byDsp = new Map<number, Set<Subscriber>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let stopped = false;

  const all = () => [...byDsp.values()].flatMap((set) => [...set]);

  const onPayload = (payload: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    const event = bookingStreamEvent.safeParse(parsed);
    if (!event.success) return void log.warn({ payload }, 'booking stream: ignored a malformed notification');
    for (const subscriber of byDsp.get(event.data.dsp_id) ?? []) subscriber.send(BOOKING_STREAM_EVENT, event.data);
  };

  const onReconnect = () => {
    log.warn('booking stream: LISTEN connection re-established; asking clients to refetch');
    for (const subscriber of all()) subscriber.send(BOOKING_RESYNC_EVENT, {});
  };

  return {
    /** Starts listening, once; a failed start is tried again by the next stream. */
    async start(): Promise<void> {
      if (stopped) throw new AppError(503, STREAM_MESSAGES.unavailable);
      listening ??= listen(BOOKING_CHANNEL, onPayload, { onReconnect });
      try {
        await listening;
      } catch (error) {
        listening = null;
        log.error(error, 'booking stream: LISTEN failed');
        throw new AppError(503, STREAM_MESSAGES.unavailable);
      }
    },
    add(subscriber: Subscriber) {
      const set = byDsp.get(subscriber.dspId) ?? new Set();
      set.add(subscriber);
      byDsp.set(subscriber.dspId, set);
    },
    remove(subscriber: Subscriber) {
      const set = byDsp.get(subscriber.dspId);
      set?.delete(subscriber);
      if (set?.size === 0) byDsp.delete(subscriber.dspId);
    },
    count: () => all().length,
    countOfSession: (sessionId: number | null) => all().filter((subscriber) => subscriber.sessionId === sessionId).length,
    /** Ends every open stream, so closing the server is not held up by them, after `lastWords` when given. */
    closeAll(lastWords?: string) {
      stopped = true;
      for (const subscriber of all()) subscriber.close(lastWords);
    },
    async stop() {
      stopped = true;
      const unlisten = await listening?.catch(() => null);
      listening = null;
      await unlisten?.();
    },
  };
}

/** Whether the session behind a stream still stands and may still see the DSP's bookings. */
async function stillAllowed(db: Db, actor: Actor, dspId: number): Promise<boolean> {
  if (actor.sessionId === null) return false;
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  if (!session) return false;
  const principal = await loadPrincipal(db, actor.userId);
  if (!principal?.isActive || !principal.permissions.includes('operations.view')) return false;
  try {
    await assertVisibleDsp(db, { ...actor, ...authorityOf(principal) }, dspId);
    return true;
  } catch {
    return false;
  }
}

const STREAM_DESCRIPTION = [
  'Cambios de los agendamientos de la DSP en vivo, como server-sent events (`text/event-stream`), para refrescar la lista sin recargar.',
  'Autenticación: el token Bearer en la cabecera `Authorization` (EventSource no puede enviarla: usa fetch con un lector de flujo).',
  'Requiere el permiso operations.view y ver la DSP; una DSP que no existe o no es suya responde 404 (con el sobre JSON de error).',
  'Al abrir: `retry: 2000` (los navegadores reintentan a los 2 s) y un evento `ready`.',
  `Luego, por cada agendamiento creado, editado, con cambio de estado o eliminado en esa DSP, un evento \`${BOOKING_STREAM_EVENT}\` cuyo \`data\` es JSON`,
  '`{id, dsp_id, kind: created|updated|status|deleted, status}`, sin datos personales: el cliente vuelve a pedir lo que muestra.',
  'Los cambios llegan desde cualquier instancia de la API (PostgreSQL LISTEN/NOTIFY), solo cuando su transacción se confirma.',
  `Un evento \`${BOOKING_RESYNC_EVENT}\` avisa que la instancia pudo perder avisos (se reconectó a la base de datos): el cliente vuelve a pedir todo.`,
  'Cuando la instancia se detiene (un despliegue), envía otra vez `retry` y cierra el flujo: el cliente vuelve a conectar y a pedir la lista.',
  'Cada ~20 s llega un comentario (`: ping`) y se comprueba otra vez la sesión y el acceso a la DSP: una sesión cerrada o una asignación retirada cierra el flujo.',
  `Como mucho ${DEFAULT_BOOKING_STREAM_OPTIONS.maxPerSession} flujos abiertos por sesión (uno más responde 429). Al reconectar, el cliente debe volver a pedir la lista.`,
  VISIBILITY_DESCRIPTION,
].join(' ');

/** `GET /api/v1/dsps/:dspId/bookings/stream`: the DSP's booking changes, live (server-sent events). */
export async function bookingStreamRoutes(app: FastifyInstance, { db, listen, options }: { db: Db; listen: Listen; options: BookingStreamOptions }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = createBookingHub(listen, app.log);
  app.metrics.countLiveStreamsWith(() => hub.count());
  // preClose: before the server waits for its connections to end, end the streams (they never would),
  // telling each client when to connect again: the balancer then sends it to an instance that runs.
  app.addHook('preClose', async () => hub.closeAll(`retry: ${options.retryMs}\n: el servidor se detiene; vuelve a conectar\n\n`));
  app.addHook('onClose', async () => hub.stop());

  r.get(
    '/api/v1/dsps/:dspId/bookings/stream',
    {
      config: { access: 'operations.view' },
      schema: {
        tags: ['Agendamientos'],
        summary: 'Los cambios de los agendamientos de una DSP, en vivo (server-sent events)',
        description: STREAM_DESCRIPTION,
        params: z.object({ dspId: recordIdParam }),
        produces: ['text/event-stream'],
        response: {
          200: {
            description: 'Flujo text/event-stream que no termina: `retry`, `event: ready`, luego `event: booking` y `event: resync`, y comentarios `: ping`.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { dspId } = request.params;
      const actor = actorOf(request);
      await assertVisibleDsp(db, actor, dspId);
      if (hub.countOfSession(actor.sessionId) >= options.maxPerSession) throw tooManyRequests(STREAM_MESSAGES.perSession, options.retryMs / 1000);
      if (hub.count() >= options.maxTotal) throw tooManyRequests(STREAM_MESSAGES.total, options.retryMs / 1000);
      await hub.start();

      // From here the answer is written by hand and never ends on its own: fastify lets go of it.
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        [REQUEST_ID_HEADER]: request.id,
      });
      if (request.method === 'HEAD') return void response.end();

      let closed = false;
      let heartbeat: NodeJS.Timeout | null = null;
      const subscriber: Subscriber = {
        dspId,
        sessionId: actor.sessionId,
        send(event, data) {
          if (closed) return;
          response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          if (response.writableLength > MAX_BUFFERED_BYTES) subscriber.close();
        },
        close(lastWords) {
          if (closed) return;
          closed = true;
          if (heartbeat) clearTimeout(heartbeat);
          hub.remove(subscriber);
          response.end(lastWords);
        },
      };
      // The client went away (or the answer ended): stop writing to it.
      response.on('close', () => subscriber.close());
      response.on('error', () => subscriber.close());

      const beat = () => {
        heartbeat = setTimeout(() => {
          stillAllowed(db, actor, dspId).then(
            (allowed) => {
              if (closed) return;
              if (!allowed) return subscriber.close();
              response.write(': ping\n\n');
              beat();
            },
            (error: unknown) => {
              request.log.error(error, 'booking stream: access re-check failed');
              subscriber.close();
            },
          );
        }, options.heartbeatMs);
      };

      hub.add(subscriber);
      response.write(`retry: ${options.retryMs}\n\n`);
      subscriber.send('ready', { dsp_id: dspId });
      beat();
    },
  );
}
