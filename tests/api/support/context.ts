import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { anyOf } from '../../../server/db/any-of';
import { roles, userRoles, users } from '../../../server/db/schema';
import { seed } from '../../../server/db/seed';
import type { MailMessage } from '../../../server/mail';
import { hashPassword, useCheapPasswordHashingForTests } from '../../../server/security/password';
import { openTestDatabase } from './database';

useCheapPasswordHashingForTests();

export const ADMIN_EMAIL = 'admin@panel.test';
export const ADMIN_PASSWORD = 'Secreto123!';
/** Encrypts the credentials the tests store (a fixed key, so a test can open what it stored). */
export const TEST_APP_KEY = Buffer.alloc(32, 7).toString('base64');

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The API on its own database, with a mailer that keeps messages for the test to read. `deps`
 * passes the optional dependencies of `buildApp` (the live stream's options, another storage);
 * `database`, one the test opened itself (closed with the context) instead of a copy of the template;
 * `deps.logger`, a logger writing where the test reads (by default nothing is logged).
 */
export async function createTestContext(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'bookingStream' | 'storage' | 'logger' | 'readiness'> = {},
  { database: given }: { database?: Database } = {},
) {
  const database = given ?? (await openTestDatabase());
  const { db } = database;
  await seed(db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: false });
  const mails: MailMessage[] = [];
  const config: Config = {
    ...loadConfig({ DATA_DIR: '/tmp/panel-test-unused', DIST_DIR: '/nonexistent', APP_KEY: TEST_APP_KEY, CHECK_ANSWERS: '1' }),
    rateLimit: { perEmail: { max: 1000, windowSeconds: 900 }, perAddress: { max: 1000, windowSeconds: 900 } },
    ...overrides,
  };
  const app: FastifyInstance = await buildApp({
    config,
    db,
    mailer: { send: async (message) => void mails.push(message) },
    ...deps,
  });

  const lastCode = (to: string) => {
    const message = mails.findLast((mail) => mail.to === to);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code mailed to ${to}`);
    return code;
  };

  const inject = (options: InjectOptions) => app.inject(options) as Promise<LightMyRequestResponse>;

  /** Signs in through the real endpoints and returns the bearer token. */
  const signIn = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const verify = await inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email, code: lastCode(email) } });
    if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
    return verify.json().data.token as string;
  };

  /** Inserts a staff user directly (the users API is tested on its own). */
  const createUser = async (input: { email: string; password?: string; roles?: string[]; isActive?: boolean; name?: string }) => {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name ?? input.email.split('@')[0]!,
        email: input.email,
        passwordHash: await hashPassword(input.password ?? ADMIN_PASSWORD),
        isActive: input.isActive ?? true,
      })
      .returning({ id: users.id });
    if (input.roles?.length) {
      const found = await db.select({ id: roles.id }).from(roles).where(anyOf(roles.slug, input.roles));
      await db.insert(userRoles).values(found.map((role) => ({ userId: user!.id, roleId: role.id })));
    }
    return user!.id;
  };

  const setActive = (userId: number, isActive: boolean) => db.update(users).set({ isActive }).where(eq(users.id, userId));

  return {
    app,
    db,
    /** The database itself (its kind, its LISTEN), for tests that open a second instance on it. */
    database,
    mails,
    config,
    inject,
    lastCode,
    signIn,
    createUser,
    setActive,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body as a browser's FormData sends it. */
export async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
