import { liveAnswer, readyAnswer, type ReadinessChecks, type ReadyAnswer } from '@contract/health';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { migrationsAtHead, type Db } from '../../db/client';
import type { Storage } from '../../storage';
import { READINESS_MESSAGES, type Readiness } from './readiness';

/** A part that has not answered by then counts as failed: a balancer's probe gives up after a few seconds. */
export const CHECK_TIMEOUT_MS = 3_000;

const PART_NAMES: Record<keyof ReadinessChecks, string> = { database: 'la base de datos', migrations: 'las migraciones', storage: 'el almacenamiento de archivos' };

const withinTimeout = <T>(work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Asks the database, its migrations and the storage, all at once. A failure is logged when a part
 * starts failing and when it recovers, not at every probe; the answer names the part only.
 */
function createReadinessCheck(db: Db, storage: Storage, log: FastifyBaseLogger) {
  const failing = new Set<keyof ReadinessChecks>();
  const outcome = async <T>(part: keyof ReadinessChecks, work: () => Promise<T>): Promise<T | Error> => {
    try {
      const result = await withinTimeout(work());
      if (failing.delete(part)) log.warn(`Comprobación de disponibilidad: ${PART_NAMES[part]} responde otra vez.`);
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      if (!failing.has(part)) log.warn(`Comprobación de disponibilidad: ${PART_NAMES[part]} falla (${reason.message}).`);
      failing.add(part);
      return reason;
    }
  };
  return async (): Promise<ReadinessChecks> => {
    const [database, atHead, files] = await Promise.all([
      outcome('database', () => db.execute(sql`select 1`)),
      outcome('migrations', () => migrationsAtHead(db)),
      outcome('storage', () => storage.check()),
    ]);
    const migrations = atHead instanceof Error ? 'error' : atHead ? 'ok' : 'pendientes';
    if (migrations === 'pendientes' && !failing.has('migrations')) {
      failing.add('migrations');
      log.warn('Comprobación de disponibilidad: faltan migraciones por aplicar en la base de datos.');
    }
    return { database: database instanceof Error ? 'error' : 'ok', migrations, storage: files instanceof Error ? 'error' : 'ok' };
  };
}

const READY_DESCRIPTION = [
  'Para el balanceador: 200 cuando esta instancia puede atender, 503 cuando no.',
  'Lista: la base de datos responde a una consulta, tiene aplicadas todas las migraciones de esta versión y el almacenamiento de archivos (el disco o el bucket) responde.',
  '503 mientras el servidor arranca (migra y carga los datos iniciales), desde que recibe SIGTERM o SIGINT, o cuando falla una de esas partes:',
  '`checks` dice cuál (`ok`, `error`, o `pendientes` para las migraciones), sin más detalle; el motivo queda en el registro del servidor.',
  `Cada parte tiene ${CHECK_TIMEOUT_MS / 1000} s para responder. Sin autenticación; no cuenta en los límites de intentos ni se registra cada llamada.`,
].join(' ');

/** `GET /health/live` and `GET /health/ready`, for the load balancer and the supervisor. */
export async function healthRoutes(app: FastifyInstance, { db, storage, readiness }: { db: Db; storage: Storage; readiness: Readiness }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const check = createReadinessCheck(db, storage, app.log);
  // A balancer asks every few seconds: only warnings and errors of these routes reach the log.
  const quiet = { logLevel: 'warn' as const, config: { access: 'public' as const } };

  r.get(
    '/health/live',
    {
      ...quiet,
      schema: {
        tags: ['Salud'],
        summary: 'El proceso está en marcha',
        description: 'Para el supervisor: 200 mientras el proceso corre, también al arrancar y al detenerse. No consulta la base de datos. Sin autenticación.',
        security: [],
        response: { 200: liveAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  r.get(
    '/health/ready',
    {
      ...quiet,
      schema: {
        tags: ['Salud'],
        summary: 'La instancia puede atender peticiones',
        description: READY_DESCRIPTION,
        security: [],
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { state } = readiness;
      if (state !== 'ready') {
        // A balancer that keeps its connection open is told to open another, to another instance.
        if (state === 'stopping') reply.header('connection', 'close');
        return reply.status(503).send({ status: 'unavailable', state, message: READINESS_MESSAGES[state] } satisfies ReadyAnswer);
      }
      const checks = await check();
      const failures = [
        checks.database === 'error' && 'la base de datos no responde',
        checks.migrations === 'pendientes' && 'faltan migraciones por aplicar',
        checks.migrations === 'error' && 'no se pudo leer qué migraciones tiene la base de datos',
        checks.storage === 'error' && 'el almacenamiento de archivos no responde',
      ].filter(Boolean);
      if (failures.length === 0) return { status: 'ok' as const, state, checks };
      return reply.status(503).send({ status: 'unavailable', state, message: `No está lista: ${failures.join('; ')}.`, checks } satisfies ReadyAnswer);
    },
  );
}
