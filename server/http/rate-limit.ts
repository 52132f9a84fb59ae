import { and, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../config';
import type { Db } from '../db/client';
import { cooldowns, rateLimitHits } from '../db/schema';
import { tooManyRequests } from './errors';

export const RATE_LIMITED_MESSAGE = 'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.';

/** The counters a route's attempts share, e.g. sign-in codes and recovery codes both 'verify'. */
export type RateLimitScope = 'login' | 'verify' | 'recovery' | 'reset';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts each request per client address under this scope before its body is read. */
    rateLimit?: RateLimitScope;
  }
}

/** The counter key of one scope for one client address (or e-mail, or user). */
export const rateLimitKey = (scope: string, kind: 'address' | 'email' | 'user', value: string | number) => `${scope}:${kind}:${value}`;

/**
 * Per-address limits of the routes that declare `config.rateLimit`, counted in onRequest: a flood
 * from one address is refused before any byte of its body is read or parsed. Every public /api
 * route that takes a body must declare a scope; the server refuses to start otherwise.
 */
export function registerRateLimits(app: FastifyInstance, db: Db, perAddress: RateLimit) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const takesBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
    if (route.url.startsWith('/api/') && route.config?.access === 'public' && takesBody && !route.config.rateLimit) {
      throw new Error(`La ruta pública ${methods.join(',')} ${route.url} no declara config.rateLimit`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.rateLimit;
    if (scope) await consumeRateLimit(db, rateLimitKey(scope, 'address', request.ip), perAddress);
  });
}

/**
 * Counts one attempt for `key` in the current fixed window and refuses with 429 past `limit.max`.
 * Counters live in the database, so every instance of the API shares them.
 */
export async function consumeRateLimit(db: Db, key: string, limit: RateLimit, now = new Date()): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  if (row && row.count > limit.max) {
    throw tooManyRequests(RATE_LIMITED_MESSAGE, (windowStart.getTime() + windowMs - now.getTime()) / 1000);
  }
}

/**
 * Lets `key` act at most once per `seconds`: claims the key atomically, or throws 429 with the
 * seconds left when it acted less than `seconds` ago.
 */
export async function claimCooldown(db: Db, key: string, seconds: number, message: string): Promise<void> {
  // The database's clock decides, so instances with skewed clocks agree.
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const claimed = await db
    .insert(cooldowns)
    .values({ key, until })
    .onConflictDoUpdate({ target: cooldowns.key, set: { until }, setWhere: lte(cooldowns.until, sql`now()`) })
    .returning({ key: cooldowns.key });
  if (claimed.length > 0) return;
  const [current] = await db
    .select({ secondsLeft: sql<number>`ceil(extract(epoch from (${cooldowns.until} - now())))::int` })
    .from(cooldowns)
    .where(and(sql`${cooldowns.key} = ${key}`));
  throw tooManyRequests(message, current?.secondsLeft ?? seconds);
}

/** Releases a cooldown, e.g. when the message it guarded could not be sent. */
export async function releaseCooldown(db: Db, key: string): Promise<void> {
  await db.delete(cooldowns).where(sql`${cooldowns.key} = ${key}`);
}
