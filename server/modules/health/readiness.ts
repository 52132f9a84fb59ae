import type { ServerState } from '@contract/health';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../http/envelope';

/**
 * Whether this instance takes traffic: `starting` until the migrations, the seed and the first
 * cleanup are done, `ready` then, `stopping` from a SIGTERM or SIGINT on. main.ts moves it;
 * `/health/ready` and the start-up gate read it.
 */
export interface Readiness {
  readonly state: ServerState;
  /** Start-up is done; ignored once stopping (a signal during start-up wins). */
  markReady(): void;
  markStopping(): void;
}

export function createReadiness(initial: ServerState = 'starting'): Readiness {
  let state = initial;
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markStopping() {
      state = 'stopping';
    },
  };
}

export const READINESS_MESSAGES = {
  starting: 'El servidor está arrancando. Vuelve a intentarlo en unos segundos.',
  stopping: 'El servidor se está deteniendo. Vuelve a intentarlo: otra instancia te atenderá.',
} as const;

/** The health routes answer in every state; every other request waits for `ready`. */
export const isHealthRoute = (url: string) => url === '/health' || url.startsWith('/health/') || url.startsWith('/health?');

/**
 * Until the server is ready, every request but the health checks is answered 503: the tables may
 * not exist yet while it migrates. After a signal, a request that arrives on a connection kept
 * open is told the same and the connection is closed, so its client goes to another instance;
 * requests already in flight carry on. Registered before the hooks that read the database.
 */
export function registerStartupGate(app: FastifyInstance, readiness: Readiness) {
  app.addHook('onRequest', async (request, reply) => {
    const { state } = readiness;
    if (state === 'ready' || isHealthRoute(request.url)) return;
    if (state === 'stopping') reply.header('connection', 'close');
    return reply.status(503).header('retry-after', '5').send(errorBody(READINESS_MESSAGES[state]));
  });
}
