import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { roles, sessions, userRoles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/security/password';
import { generateToken, hashSecret } from '../../server/security/secrets';

/**
 * A super admin for a load run, signed in by a session written straight into the database (no
 * mail, no code), and how to remove it with its sessions afterwards. One left by an earlier run
 * that was cut short is removed first.
 */
export async function throwawayAdmin(db: Db, who: { email: string; name: string }): Promise<{ token: string; remove: () => Promise<void> }> {
  const remove = async () => void (await db.delete(users).where(eq(users.email, who.email)));
  await remove();
  const [admin] = await db
    .insert(users)
    .values({ name: who.name, email: who.email, passwordHash: await hashPassword(randomBytes(16).toString('hex')), isActive: true })
    .returning({ id: users.id });
  const [superAdmin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'SUPER_ADMIN'));
  await db.insert(userRoles).values({ userId: admin!.id, roleId: superAdmin!.id });
  const token = generateToken();
  await db.insert(sessions).values({ userId: admin!.id, tokenHash: hashSecret(token), expiresAt: sql`now() + interval '6 hours'`, lastUsedAt: new Date() });
  return { token, remove };
}
