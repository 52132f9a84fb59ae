import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { observeStatements } from '../db/driver-calls';
import type { Mailer } from '../mail';
import { SIGN_IN_REFUSALS, type SignInRefusal } from '../modules/auth/refusals';
import { bearerToken } from './access';
import { AppError } from './errors';

/** The label of a request that matched no route (an unknown path, or the panel's deep links). */
export const UNMATCHED_ROUTE = 'unmatched';

export const METRICS_MESSAGES = {
  unauthorized: 'Las métricas piden el token de METRICS_TOKEN en la cabecera Authorization: Bearer <token>.',
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's figures (GET /metrics): its own registry, so apps built side by side (tests) never share one. */
    metrics: Metrics;
  }
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The figures of one app: requests, database statements, PGlite's queue, live streams, mail and
 * sign-in refusals, in a registry of its own. Labels are bounded: route templates, driver kinds,
 * fixed codes; never an id, a query string, an e-mail or SQL. The process's default metrics
 * (CPU, memory, event loop, GC) only when `withProcess`: they watch the process for as long as it
 * runs, which is only worth it when someone can read them.
 */
export function createMetrics(db: Db, { withProcess }: { withProcess: boolean }) {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'panel_http_requests_total',
    help: 'Peticiones HTTP respondidas, por plantilla de ruta, método y estado.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'panel_http_request_duration_seconds',
    help: 'Duración de las peticiones HTTP en segundos, por plantilla de ruta, método y estado.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const statements = new Counter({
    name: 'panel_db_statements_total',
    help: 'Sentencias enviadas a la base de datos, por controlador (pglite o postgres) y resultado (ok o error).',
    labelNames: ['driver', 'result'] as const,
    registers,
  });
  const statementSeconds = new Histogram({
    name: 'panel_db_statement_duration_seconds',
    help: 'Duración de las sentencias de la base de datos en segundos, por controlador (en PGlite, la espera en su cola incluida).',
    labelNames: ['driver'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const observed = observeStatements(db, (seconds, failed) => {
    statements.inc({ driver: observed.driver, result: failed ? 'error' : 'ok' });
    statementSeconds.observe({ driver: observed.driver }, seconds);
  });
  // Only PGlite has a queue of its own: one thread runs every statement, the rest wait for it.
  if (observed.driver === 'pglite') {
    new Gauge({
      name: 'panel_pglite_queue_length',
      help: 'Peticiones enviadas al hilo de PGlite sin respuesta todavía (la que corre incluida).',
      registers,
      collect() {
        this.set(observed.queueLength() ?? 0);
      },
    });
  }

  let countLiveStreams = () => 0;
  new Gauge({
    name: 'panel_live_stream_clients',
    help: 'Flujos en vivo de agendamientos abiertos en esta instancia.',
    registers,
    collect() {
      this.set(countLiveStreams());
    },
  });

  const mails = new Counter({
    name: 'panel_mails_total',
    help: 'Correos enviados (result="sent") y fallidos (result="failed").',
    labelNames: ['result'] as const,
    registers,
  });
  const signInRefusals = new Counter({
    name: 'panel_sign_in_refusals_total',
    help: 'Inicios de sesión rechazados, por motivo (wrong_password incluye un correo sin cuenta).',
    labelNames: ['reason'] as const,
    registers,
  });

  // Every known series from 0, so that a rate over the first failure or refusal is not lost.
  for (const result of ['ok', 'error']) statements.inc({ driver: observed.driver, result }, 0);
  for (const result of ['sent', 'failed']) mails.inc({ result }, 0);
  for (const reason of SIGN_IN_REFUSALS) signInRefusals.inc({ reason }, 0);

  if (withProcess) collectDefaultMetrics({ register: registry });

  return {
    registry,
    /** One answered request; `route` is its template, `UNMATCHED_ROUTE` when none matched. */
    request(route: string, method: string, status: number, seconds: number) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    /** The live streams are counted where they are kept (the bookings hub), when scraped. */
    countLiveStreamsWith(count: () => number) {
      countLiveStreams = count;
    },
    /** `mailer`, with each message counted as sent or failed. */
    countedMailer(mailer: Mailer): Mailer {
      return {
        async send(message) {
          try {
            await mailer.send(message);
          } catch (error) {
            mails.inc({ result: 'failed' });
            throw error;
          }
          mails.inc({ result: 'sent' });
        },
      };
    },
    signInRefused(reason: SignInRefusal) {
      signInRefusals.inc({ reason });
    },
    /** Stops watching the database (it may outlive the app: the tests share one between files). */
    stop() {
      observed.stop();
    },
  };
}

// Both sides hashed first, so the comparison takes the same time whatever the length sent.
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameToken = (given: string | null, expected: string) => given !== null && timingSafeEqual(digest(given), digest(expected));

/**
 * The app's metrics on `app.metrics`, every answered request counted, and, with `token`
 * (METRICS_TOKEN), GET /metrics for Prometheus. Without a token the route does not exist (a 404
 * like any unknown path). It is public to the session access (a session token is never enough)
 * and checks its own bearer token; it counts in no sign-in limit and logs only warnings.
 */
export function registerMetrics(app: FastifyInstance, { db, token }: { db: Db; token: string | null }) {
  const metrics = createMetrics(db, { withProcess: token !== null });
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.stop());
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (token === null) return;

  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      config: { access: 'public' },
      schema: {
        tags: ['Operación'],
        summary: 'Las métricas de esta instancia, en el formato de texto de Prometheus',
        description:
          'Solo existe con METRICS_TOKEN configurado (sin él, 404) y pide ese token en `Authorization: Bearer <token>`; ' +
          'un token de sesión no sirve (401). Peticiones por plantilla de ruta, método y estado, y su duración (histograma); ' +
          'sentencias de la base de datos y su duración, por controlador; la cola del hilo de PGlite; flujos en vivo abiertos; ' +
          'correos enviados y fallidos; inicios de sesión rechazados por motivo; y las métricas del proceso (CPU, memoria, ' +
          'bucle de eventos). Las etiquetas nunca llevan ids ni parámetros de consulta. Cada instancia da las suyas: Prometheus ' +
          'debe leer cada una, no el balanceador.',
        security: [{ metricsToken: [] }],
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      if (!sameToken(bearerToken(request), token)) {
        throw new AppError(401, METRICS_MESSAGES.unauthorized, undefined, { 'www-authenticate': 'Bearer realm="metrics"' });
      }
      return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
