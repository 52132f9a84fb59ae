import { ACCOUNT_MESSAGES } from '@contract/account';
import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from './support/context';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
const newUser = async (roles = ['OPERATOR']) => {
  counter += 1;
  const email = `cuenta${counter}@panel.test`;
  const id = await ctx.createUser({ email, roles });
  return { id, email };
};

/** Signs in through the real endpoints from a given browser and address. */
const signInFrom = async (email: string, { userAgent, address }: { userAgent?: string; address?: string } = {}) => {
  const headers = userAgent === undefined ? {} : { 'user-agent': userAgent };
  const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: ADMIN_PASSWORD }, headers, remoteAddress: address });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const verify = await ctx.inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email, code: ctx.lastCode(email) }, headers, remoteAddress: address });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return verify.json().data.token as string;
};

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.inject({ method, url: `/api/auth/${url}`, headers: bearer(token), payload });
const isOpen = async (token: string) => (await call(token, 'GET', 'me')).statusCode === 200;
const listSessions = async (token: string) => (await call(token, 'GET', 'sessions')).json().data as Array<Record<string, unknown>>;

describe('GET /api/auth/sessions', () => {
  it("lists the caller's open sessions with device, address and times, marking the current one", async () => {
    const { email } = await newUser();
    const laptop = await signInFrom(email, { userAgent: CHROME_WINDOWS, address: '198.51.100.4' });
    const phone = await signInFrom(email, { userAgent: SAFARI_IPHONE, address: '198.51.100.9' });
    const closed = await signInFrom(email, { userAgent: '' });
    await call(closed, 'POST', 'logout');
    // Someone else's session is not the caller's business.
    await signInFrom((await newUser()).email, { userAgent: CHROME_WINDOWS });

    const response = await call(phone, 'GET', 'sessions');
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list).toEqual([
      expect.objectContaining({ device: 'Safari 17 en iPhone', address: '198.51.100.9', current: true }),
      expect.objectContaining({ device: 'Chrome 126 en Windows', address: '198.51.100.4', current: false }),
    ]);
    for (const session of list) {
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_used_at)).not.toBeNaN();
      expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());
    }
    expect((await listSessions(laptop)).find((session) => session.current)?.device).toBe('Chrome 126 en Windows');
  });

  it("names a device it cannot recognise 'Dispositivo desconocido'", async () => {
    const { email } = await newUser();
    const token = await signInFrom(email, { userAgent: 'curl/8.5.0' });
    expect((await listSessions(token))[0]?.device).toBe('Dispositivo desconocido');
  });

  it('stores a bounded piece of an oversized User-Agent', async () => {
    const { id, email } = await newUser();
    await signInFrom(email, { userAgent: `${CHROME_WINDOWS} ${'x'.repeat(10_000)}` });
    const [row] = await ctx.db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, id));
    expect(row?.userAgent?.length).toBe(512);
  });

  it('records the last use at most once a minute', async () => {
    const { id, email } = await newUser();
    const token = await signInFrom(email);
    const lastUsed = async () => (await ctx.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, id)))[0]!.at!.getTime();

    await ctx.db.update(sessions).set({ lastUsedAt: sql`now() - interval '2 minutes'` }).where(eq(sessions.userId, id));
    const stale = await lastUsed();
    await call(token, 'GET', 'me');
    const recorded = await lastUsed();
    expect(recorded - stale).toBeGreaterThan(100_000);
    expect(Math.abs(recorded - Date.now())).toBeLessThan(10_000);

    // Within the minute nothing is written: the value stays exactly as it was.
    await call(token, 'GET', 'me');
    await call(token, 'GET', 'sessions');
    expect(await lastUsed()).toBe(recorded);
  });

  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', 'sessions'],
      ['DELETE', 'sessions/1'],
      ['POST', 'sessions/close-others'],
      ['POST', 'change-password'],
    ] as const) {
      expect((await ctx.inject({ method, url: `/api/auth/${url}` })).statusCode).toBe(401);
    }
  });
});

describe('closing sessions', () => {
  it('closes one of my sessions, which then stops working', async () => {
    const { email } = await newUser();
    const mine = await signInFrom(email);
    const other = await signInFrom(email);
    const otherId = (await listSessions(other)).find((session) => session.current)!.id;
    const response = await call(mine, 'DELETE', `sessions/${otherId}`);
    expect(response.json()).toEqual({ status: 'success', message: ACCOUNT_MESSAGES.sessionClosed, data: null });
    expect(await isOpen(other)).toBe(false);
    expect(await isOpen(mine)).toBe(true);
    // Already closed: nothing left to close.
    const again = await call(mine, 'DELETE', `sessions/${otherId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.sessionNotFound);
  });

  it("answers 404 for another person's session and leaves it open", async () => {
    const mine = await signInFrom((await newUser()).email);
    const theirs = await signInFrom((await newUser()).email);
    const theirId = (await listSessions(theirs))[0]!.id;
    const response = await call(mine, 'DELETE', `sessions/${theirId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.sessionNotFound);
    expect(await isOpen(theirs)).toBe(true);
  });

  it('closes every other session and says how many', async () => {
    const { email } = await newUser();
    const others = [await signInFrom(email), await signInFrom(email)];
    const current = await signInFrom(email);
    const someoneElse = await signInFrom((await newUser()).email);
    const response = await call(current, 'POST', 'sessions/close-others');
    expect(response.json()).toEqual({ status: 'success', message: ACCOUNT_MESSAGES.othersClosed, data: { closed: 2 } });
    for (const token of others) expect(await isOpen(token)).toBe(false);
    expect(await isOpen(current)).toBe(true);
    expect(await isOpen(someoneElse)).toBe(true);
    expect((await listSessions(current)).map((session) => session.current)).toEqual([true]);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string, current_password: string, password: string, password_confirmation = password) =>
    call(token, 'POST', 'change-password', { current_password, password, password_confirmation });

  it('changes the password, closes every other session and mails the owner', async () => {
    const { email } = await newUser();
    const other = await signInFrom(email);
    const current = await signInFrom(email);
    const response = await change(current, ADMIN_PASSWORD, 'Girasol-Andino-47');
    expect(response.json()).toEqual({ status: 'success', message: ACCOUNT_MESSAGES.passwordChanged, data: null });
    expect(await isOpen(other)).toBe(false);
    expect(await isOpen(current)).toBe(true);
    expect(ctx.mails.at(-1)).toMatchObject({ to: email, subject: 'Tu contraseña fue actualizada' });
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: ADMIN_PASSWORD } })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Girasol-Andino-47' } })).statusCode).toBe(200);
  });

  it('refuses a wrong current password on current_password and changes nothing', async () => {
    const { id, email } = await newUser();
    const other = await signInFrom(email);
    const token = await signInFrom(email);
    const [before] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    const response = await change(token, 'no-es-la-mia', 'Girasol-Andino-47');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const [after] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(after?.hash).toBe(before?.hash);
    expect(await isOpen(other)).toBe(true);
  });

  it('applies the password policy on password', async () => {
    const { id, email } = await newUser();
    await ctx.db.update(users).set({ dni: '40111222' }).where(eq(users.id, id));
    const token = await signInFrom(email);
    for (const [password, message] of [
      ['password123', PASSWORD_POLICY_MESSAGES.common],
      [email, PASSWORD_POLICY_MESSAGES.sameAsEmail],
      ['40111222', PASSWORD_POLICY_MESSAGES.sameAsDni],
      [ADMIN_PASSWORD, ACCOUNT_MESSAGES.passwordSameAsCurrent],
      ['corta', ACCOUNT_MESSAGES.passwordTooShort],
    ]) {
      const response = await change(token, ADMIN_PASSWORD, password!);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ password: [message] });
    }
    const mismatch = await change(token, ADMIN_PASSWORD, 'Girasol-Andino-47', 'Girasol-Andino-48');
    expect(mismatch.json().errors).toEqual({ password_confirmation: [ACCOUNT_MESSAGES.confirmationMismatch] });
  });

  it('limits the attempts per account, so the current password cannot be guessed', async () => {
    const limited = await createTestContext({
      rateLimit: { perEmail: { max: 3, windowSeconds: 900 }, perAddress: { max: 1000, windowSeconds: 900 } },
    });
    try {
      const token = await limited.signIn();
      const attempt = (current_password: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(token),
          payload: { current_password, password: 'Girasol-Andino-47', password_confirmation: 'Girasol-Andino-47' },
        });
      const statuses = [];
      for (const guess of ['uno-1', 'dos-2', 'tres-3']) statuses.push((await attempt(guess)).statusCode);
      expect(statuses).toEqual([422, 422, 422]);
      // Even the right password is refused once the account's attempts are spent.
      const blocked = await attempt(ADMIN_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Demasiados intentos/);
    } finally {
      await limited.close();
    }
  });
});
