import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cooldowns, oneTimeCodes, rateLimitHits, sessions } from '../../db/schema';

/** Deletes spent codes, old sessions and stale counters, so the auth tables stay small. */
export async function purgeExpiredAuthData(db: Db): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, dayAgo));
  // Revoked or expired sessions are kept a week for auditing who was signed in.
  await db.delete(sessions).where(or(lt(sessions.expiresAt, sql`now() - interval '7 days'`), lt(sessions.revokedAt, sql`now() - interval '7 days'`)));
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, dayAgo));
  await db.delete(cooldowns).where(lt(cooldowns.until, sql`now()`));
}
