import { and, lte, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { Db } from '../db/client';
import { cooldowns, rateLimitHits } from '../db/schema';
import { tooManyRequests } from './errors';

export const RATE_LIMITED_MESSAGE = 'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.';

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
