import { z } from 'zod';

/** Where the server is in its life: migrating and seeding, serving, or stopping after a signal. */
export const serverState = z.enum(['starting', 'ready', 'stopping']);
export type ServerState = z.infer<typeof serverState>;

/** `GET /health/live`: the process runs. */
export const liveAnswer = z.object({ status: z.literal('ok') });

/** What each part the readiness check asks answered: `pendientes` is a database its migrations have not reached. */
export const readinessChecks = z.object({
  database: z.enum(['ok', 'error']),
  migrations: z.enum(['ok', 'pendientes', 'error']),
  storage: z.enum(['ok', 'error']),
});
export type ReadinessChecks = z.infer<typeof readinessChecks>;

/**
 * `GET /health/ready`: 200 with `status: ok`, or 503 with `status: unavailable` and why. `checks`
 * appears once the server is ready (while starting or stopping nothing is asked).
 */
export const readyAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  state: serverState,
  message: z.string().optional(),
  checks: readinessChecks.optional(),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;
