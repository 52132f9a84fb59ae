import { eq, sql } from 'drizzle-orm';
import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { cooldowns, oneTimeCodes, sessions, userRoles, users } from '../../server/db/schema';
import type { MailMessage } from '../../server/mail';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, multipart, type TestContext } from './support/context';
import { countQueries } from './support/query-count';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
/** A new active user per test, so cooldowns and codes never leak between tests. */
const newUser = async (options: { isActive?: boolean; roles?: string[] } = {}) => {
  counter += 1;
  const email = `persona${counter}@panel.test`;
  const id = await ctx.createUser({ email, roles: options.roles ?? ['OPERATOR'], isActive: options.isActive });
  return { id, email };
};

/** Waits for the mail sent after an answer (recovery codes). */
const mailSent = () => ctx.app.backgroundWork.idle();

/** What a client can compare between two answers: status and body. */
/** What an answer tells about the account: its status and body, but not its request id, which every answer has its own of. */
const seen = (response: LightMyRequestResponse) => {
  const { request_id: _requestId, ...body } = response.json() as Record<string, unknown>;
  return { status: response.statusCode, body };
};

const login = (email: string, password = ADMIN_PASSWORD) =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const verify = (email: string, code: string) =>
  ctx.inject({
    method: 'POST',
    url: '/api/auth/verify-2fa',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, code }).toString(),
  });

describe('POST /api/auth/login', () => {
  it('accepts multipart credentials and mails a 6-digit code', async () => {
    const { email } = await newUser();
    const body = await multipart({ email, password: ADMIN_PASSWORD });
    const response = await ctx.inject({ method: 'POST', url: '/api/auth/login', ...body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: expect.any(String), data: { second_factor: 'email' } });
    expect(ctx.lastCode(email)).toMatch(/^\d{6}$/);
    expect(ctx.mails.at(-1)?.subject).toContain('código');
  });

  it('keeps the code out of the subject, which notification previews show', async () => {
    const { email } = await newUser();
    await login(email);
    const mail = ctx.mails.findLast((message) => message.to === email)!;
    expect(mail.text).toContain(ctx.lastCode(email));
    expect(mail.subject).not.toMatch(/\d{6}/);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const { email } = await newUser();
    const wrongPassword = await login(email, 'incorrecta');
    const unknownEmail = await login('nadie@panel.test', 'incorrecta');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(seen(wrongPassword)).toEqual(seen(unknownEmail));
    expect(wrongPassword.json().message).toBe('Correo o contraseña incorrectos.');
    expect(ctx.mails.some((mail) => mail.to === email)).toBe(false);
  });

  it('treats the e-mail case-insensitively', async () => {
    const { email } = await newUser();
    expect((await login(email.toUpperCase())).statusCode).toBe(200);
  });

  it('refuses an inactive user', async () => {
    const { email } = await newUser({ isActive: false });
    const response = await login(email);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/desactivada/);
  });

  it('sends at most one code a minute', async () => {
    const { email } = await newUser();
    expect((await login(email)).statusCode).toBe(200);
    const again = await login(email);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/menos de un minuto/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('names each missing or malformed field in Spanish (422)', async () => {
    const missing = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ['El email es requerido'], password: ['La contraseña es requerida'] });
    const malformed = await login('no-es-un-correo', 'x');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.email).toEqual(['El email no es válido']);
  });

  it('rejects a body that is not JSON, form or multipart (415) and broken JSON (400)', async () => {
    const text = await ctx.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hola' });
    expect(text.statusCode).toBe(415);
    const broken = await ctx.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe('error');
  });
});

describe('POST /api/auth/verify-2fa', () => {
  it('exchanges the code for a token and the profile', async () => {
    const { email } = await newUser({ roles: ['OPERATOR'] });
    await login(email);
    const response = await verify(email, ctx.lastCode(email));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ email, rol: ['Operador'], roles: ['OPERATOR'], phone: null });
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.permissions).toContain('operations.view');
    expect(data.permissions).not.toContain('users.manage');
    expect(new Date(data.expires_at).getTime() - Date.now()).toBeGreaterThan(11 * 3600 * 1000);
  });

  it('works once: the same code cannot be used twice', async () => {
    const { email } = await newUser();
    await login(email);
    const code = ctx.lastCode(email);
    expect((await verify(email, code)).statusCode).toBe(200);
    const reused = await verify(email, code);
    expect(reused.statusCode).toBe(422);
  });

  it('counts wrong codes and invalidates the code after five', async () => {
    const { email } = await newUser();
    await login(email);
    const code = ctx.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await verify(email, wrong);
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.code[0]).toBe('El código no es correcto. Te quedan 4 intentos.');
    for (let attempt = 2; attempt <= 5; attempt += 1) await verify(email, wrong);
    const afterFive = await verify(email, code);
    expect(afterFive.statusCode).toBe(422);
    expect(afterFive.json().message).toMatch(/no es válido|agotaron/);
  });

  it('refuses an expired code', async () => {
    const { id, email } = await newUser();
    await login(email);
    await ctx.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeCodes.userId, id));
    const response = await verify(email, ctx.lastCode(email));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('El código expiró. Solicita uno nuevo.');
  });

  it('gives an unknown e-mail the same answer as a wrong code', async () => {
    const response = await verify('nadie@panel.test', '123456');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toBeDefined();
  });

  it('requires exactly six digits', async () => {
    const response = await verify(ADMIN_EMAIL, '12a45');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual(['El código debe tener 6 dígitos.']);
  });

  it('refuses a user deactivated after the code was sent', async () => {
    const { id, email } = await newUser();
    await login(email);
    await ctx.setActive(id, false);
    expect((await verify(email, ctx.lastCode(email))).statusCode).toBe(403);
  });
});

describe('POST /api/auth/resend-2fa', () => {
  const resend = (email: string) => ctx.inject({ method: 'POST', url: '/api/auth/resend-2fa', payload: { email } });
  const resent = { status: 200, body: { status: 'success', message: 'Si hay un inicio de sesión pendiente para ese correo, te enviamos un código nuevo.', data: null } };
  const mailsTo = (email: string) => ctx.mails.filter((mail) => mail.to === email);
  /** Lets a minute pass for this e-mail and its account. */
  const minutePasses = async (id: number, email: string) => {
    await ctx.db.update(cooldowns).set({ until: sql`now() - interval '1 second'` }).where(sql`${cooldowns.key} in (${`code:login:${id}`}, ${`code:login-resend:${email}`})`);
  };

  it('mails a new code only after the right password, and the old code stops working', async () => {
    const { id, email } = await newUser();
    expect(seen(await resend(email))).toEqual(resent);
    await mailSent();
    expect(mailsTo(email)).toHaveLength(0);

    expect((await login(email, 'incorrecta')).statusCode).toBe(401);
    await minutePasses(id, email);
    expect(seen(await resend(email))).toEqual(resent);
    await mailSent();
    expect(mailsTo(email)).toHaveLength(0);

    await login(email);
    const first = ctx.lastCode(email);
    await minutePasses(id, email);
    expect(seen(await resend(email))).toEqual(resent);
    await mailSent();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    const second = ctx.lastCode(email);
    expect(second).toMatch(/^\d{6}$/);
    expect((await verify(email, first)).statusCode).toBe(422);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like one waiting for its code, and mails only the latter', async () => {
    const { id, email } = await newUser();
    await login(email);
    await minutePasses(id, email);
    const before = ctx.mails.length;
    const known = seen(await resend(email));
    const unknown = seen(await resend('nadie-reenvia@panel.test'));
    expect(unknown).toEqual(known);
    expect(known).toEqual(resent);
    await mailSent();
    expect(ctx.mails.slice(before).map((mail) => mail.to)).toEqual([email]);
  });

  it('allows one resend a minute per e-mail, with the same 429 for known and unknown addresses', async () => {
    const { id, email } = await newUser();
    await login(email);
    await minutePasses(id, email);
    expect((await resend(email)).statusCode).toBe(200);
    expect((await resend('fantasma-reenvia@panel.test')).statusCode).toBe(200);
    const known = await resend(email);
    const unknown = await resend('fantasma-reenvia@panel.test');
    expect(known.statusCode).toBe(429);
    expect(seen(known)).toEqual(seen(unknown));
    expect(known.json().message).toMatch(/menos de un minuto/);
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0);
    await mailSent();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('sends nothing within the minute of the sign-in code, nor for a used or expired one', async () => {
    const { id, email } = await newUser();
    await login(email);
    expect(seen(await resend(email))).toEqual(resent);
    await mailSent();
    expect(mailsTo(email)).toHaveLength(1);

    await ctx.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeCodes.userId, id));
    await minutePasses(id, email);
    expect(seen(await resend(email))).toEqual(resent);
    await mailSent();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('mails nothing to an account deactivated after its code was sent', async () => {
    const { id, email } = await newUser();
    await login(email);
    await ctx.setActive(id, false);
    await minutePasses(id, email);
    expect(seen(await resend(email))).toEqual(resent);
    await mailSent();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('needs a valid e-mail (422)', async () => {
    const response = await ctx.inject({ method: 'POST', url: '/api/auth/resend-2fa', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['El email es requerido'] });
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Token abc' }, bearer('no-existe')]) {
      const response = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().status).toBe('error');
    }
  });

  it('revokes the token on logout', async () => {
    const { email } = await newUser();
    const token = await ctx.signIn(email);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    const after = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a session revoked elsewhere (another instance, a password change) on the very next request', async () => {
    const { id, email } = await newUser();
    const token = await ctx.signIn(email);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, id));
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('applies a role taken away on the very next request', async () => {
    const { id, email } = await newUser({ roles: ['SUPER_ADMIN'] });
    const token = await ctx.signIn(email);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).statusCode).toBe(200);
    await ctx.db.delete(userRoles).where(eq(userRoles.userId, id));
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('authenticates a request in one statement (session, user, roles and permissions), plus its last use once a minute', async () => {
    const { id, email } = await newUser();
    const token = await ctx.signIn(email);
    // A route the operator may not call: what the database sees is the authentication alone.
    const forbiddenCall = () => ctx.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });
    await ctx.db.update(sessions).set({ lastUsedAt: sql`now() - interval '2 minutes'` }).where(eq(sessions.userId, id));
    expect(await countQueries(ctx.db, async () => expect((await forbiddenCall()).statusCode).toBe(403))).toBe(2);
    expect(await countQueries(ctx.db, async () => expect((await forbiddenCall()).statusCode).toBe(403))).toBe(1);
    expect(await countQueries(ctx.db, async () => expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('no-existe') })).statusCode).toBe(401))).toBe(1);
  });

  it('stops honouring the token of a user who is deactivated', async () => {
    const { id, email } = await newUser();
    const token = await ctx.signIn(email);
    await ctx.setActive(id, false);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('expires tokens after TOKEN_TTL', async () => {
    const short = await createTestContext({ tokenTtlSeconds: 1 });
    try {
      const token = await short.signIn();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await short.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('stores only hashes of tokens, codes and passwords', async () => {
    const { email } = await newUser();
    const token = await ctx.signIn(email);
    const dump = JSON.stringify(await ctx.db.execute(sql`select * from sessions, one_time_codes, users`));
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(ADMIN_PASSWORD);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per e-mail and per address with a Spanish 429', async () => {
    const limited = await createTestContext({
      rateLimit: { perEmail: { max: 3, windowSeconds: 900 }, perAddress: { max: 5, windowSeconds: 900 } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@panel.test', password: 'mal' } })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Other e-mails from the same address hit the per-address limit next.
      const other = await limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'y@panel.test', password: 'mal' } });
      expect(other.statusCode).toBe(401);
      const blocked = await limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'z@panel.test', password: 'mal' } });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Demasiados intentos/);
    } finally {
      await limited.close();
    }
  });

  it('refuses a flood from one address before reading its body', async () => {
    const limited = await createTestContext({
      rateLimit: { perEmail: { max: 1000, windowSeconds: 900 }, perAddress: { max: 2, windowSeconds: 900 } },
    });
    try {
      const broken = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, payload: '{"email":' };
      for (let i = 0; i < 2; i += 1) expect((await limited.inject({ ...broken, url: '/api/auth/login' })).statusCode).toBe(400);
      // The third request's body is as broken, but it is never parsed: the address is over its limit.
      const third = await limited.inject({ ...broken, url: '/api/auth/login' });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/Demasiados intentos/);
    } finally {
      await limited.close();
    }
  });
});

describe('password recovery', () => {
  const post = (url: string, payload: object) => ctx.inject({ method: 'POST', url: `/api/auth/recovery/${url}`, payload });

  it('sends a code, verifies it, sets the new password and closes open sessions', async () => {
    const { email } = await newUser();
    const oldToken = await ctx.signIn(email);
    const sent = await post('send-code', { email });
    expect(sent.json()).toMatchObject({ status: 'success', message: 'Si el correo está registrado, te enviamos un código.' });
    await mailSent();
    const verified = await post('verify-code', { email, code: ctx.lastCode(email) });
    expect(verified.statusCode).toBe(200);
    const { reset_token } = verified.json().data;
    const reset = await post('reset-password', { email, reset_token, password: 'NuevaClave2026', password_confirmation: 'NuevaClave2026' });
    expect(reset.json()).toMatchObject({ status: 'success', message: 'Tu contraseña ha sido actualizada correctamente.' });
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await login(email, ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'NuevaClave2026')).statusCode).toBe(200);
    // The reset permission works once.
    const again = await post('reset-password', { email, reset_token, password: 'OtraClave2026', password_confirmation: 'OtraClave2026' });
    expect(again.statusCode).toBe(422);
  });

  it('answers a known, an unknown and an inactive e-mail identically, and mails only the active account', async () => {
    const known = await newUser();
    const inactive = await newUser({ isActive: false });
    const before = ctx.mails.length;
    const answers = [];
    for (const email of [known.email, 'fantasma@panel.test', inactive.email]) answers.push(seen(await post('send-code', { email })));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: { status: 'success', message: 'Si el correo está registrado, te enviamos un código.', data: null } });
    await mailSent();
    expect(ctx.mails.slice(before).map((mail) => mail.to)).toEqual([known.email]);
    expect(ctx.mails.at(-1)?.subject).not.toMatch(/\d{6}/);
  });

  /** The API on the test database with its own mailer, to see what the caller sees while mail is slow or failing. */
  const withMailer = async (send: (message: MailMessage) => Promise<void>, run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) => {
    const app = await buildApp({ config: ctx.config, db: ctx.db, mailer: { send } });
    try {
      await run(app);
    } finally {
      await app.close();
    }
  };

  it('answers before looking the account up or mailing it, so the time taken says nothing', async () => {
    const { email } = await newUser();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: MailMessage[] = [];
    await withMailer(
      async (message) => {
        await gate;
        sent.push(message);
      },
      async (app) => {
        const timeout = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000));
        const answer = await Promise.race([app.inject({ method: 'POST', url: '/api/auth/recovery/send-code', payload: { email } }), timeout]);
        release();
        expect(answer).not.toBe('still waiting');
        expect((answer as LightMyRequestResponse).statusCode).toBe(200);
        expect(sent).toEqual([]);
        await app.backgroundWork.idle();
        expect(sent.map((mail) => mail.to)).toEqual([email]);
      },
    );
  });

  it('keeps a failed recovery mail from the caller and lets them ask again at once', async () => {
    const { email } = await newUser();
    await withMailer(
      async () => {
        throw new Error('SMTP caído');
      },
      async (app) => {
        const first = await app.inject({ method: 'POST', url: '/api/auth/recovery/send-code', payload: { email } });
        expect(seen(first)).toEqual({ status: 200, body: { status: 'success', message: 'Si el correo está registrado, te enviamos un código.', data: null } });
        await app.backgroundWork.idle();
        // The code never arrived, so the once-a-minute rule does not hold the person back.
        expect((await app.inject({ method: 'POST', url: '/api/auth/recovery/resend-code', payload: { email } })).statusCode).toBe(200);
        await app.backgroundWork.idle();
      },
    );
  });

  it('refuses every bad recovery code with one answer: wrong, expired, used up, missing, unknown or inactive e-mail', async () => {
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const requestCode = async (email: string) => {
      await post('send-code', { email });
      await mailSent();
      return ctx.lastCode(email);
    };

    const wrong = await newUser();
    const wrongAnswer = await post('verify-code', { email: wrong.email, code: wrongFor(await requestCode(wrong.email)) });

    const expired = await newUser();
    const expiredCode = await requestCode(expired.email);
    await ctx.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeCodes.userId, expired.id));
    const expiredAnswer = await post('verify-code', { email: expired.email, code: expiredCode });

    const used = await newUser();
    const usedCode = await requestCode(used.email);
    expect((await post('verify-code', { email: used.email, code: usedCode })).statusCode).toBe(200);
    const usedAnswer = await post('verify-code', { email: used.email, code: usedCode });

    // Five wrong tries still use the code up: the right one is refused afterwards, with the same answer.
    const locked = await newUser();
    const lockedCode = await requestCode(locked.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) await post('verify-code', { email: locked.email, code: wrongFor(lockedCode) });
    const lockedAnswer = await post('verify-code', { email: locked.email, code: lockedCode });

    const noCode = await newUser();
    const noCodeAnswer = await post('verify-code', { email: noCode.email, code: '123456' });
    const unknownAnswer = await post('verify-code', { email: 'nadie-recupera@panel.test', code: '123456' });
    const inactive = await newUser({ isActive: false });
    const inactiveAnswer = await post('verify-code', { email: inactive.email, code: '123456' });

    const expected = {
      status: 422,
      body: {
        status: 'error',
        message: 'El código no es correcto, expiró o ya no es válido. Revisa el último correo que te enviamos o pide uno nuevo.',
        errors: { code: ['El código no es correcto, expiró o ya no es válido. Revisa el último correo que te enviamos o pide uno nuevo.'] },
      },
    };
    for (const answer of [wrongAnswer, expiredAnswer, usedAnswer, lockedAnswer, noCodeAnswer, unknownAnswer, inactiveAnswer]) expect(seen(answer)).toEqual(expected);
  });

  it('refuses a common password or one equal to the e-mail or DNI, and keeps the permission for another try', async () => {
    const { id, email } = await newUser();
    await ctx.db.update(users).set({ dni: '40111222' }).where(eq(users.id, id));
    // Without a valid permission the password is not judged: 'equal to the DNI' would confirm a guessed DNI.
    const guess = await post('reset-password', { email, reset_token: 'inventado', password: '40111222', password_confirmation: '40111222' });
    expect(guess.json().errors).toEqual({ reset_token: [expect.any(String)] });
    await post('send-code', { email });
    await mailSent();
    const { reset_token } = (await post('verify-code', { email, code: ctx.lastCode(email) })).json().data;
    const common = await post('reset-password', { email, reset_token, password: 'password123', password_confirmation: 'password123' });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: [PASSWORD_POLICY_MESSAGES.common] });
    const sameAsEmail = await post('reset-password', { email, reset_token, password: email.toUpperCase(), password_confirmation: email.toUpperCase() });
    expect(sameAsEmail.json().errors).toEqual({ password: [PASSWORD_POLICY_MESSAGES.sameAsEmail] });
    const sameAsDni = await post('reset-password', { email, reset_token, password: '40111222', password_confirmation: '40111222' });
    expect(sameAsDni.json().errors).toEqual({ password: [PASSWORD_POLICY_MESSAGES.sameAsDni] });
    expect((await login(email, 'password123')).statusCode).toBe(401);
    const good = await post('reset-password', { email, reset_token, password: 'Girasol-Andino-47', password_confirmation: 'Girasol-Andino-47' });
    expect(good.statusCode).toBe(200);
    expect((await login(email, 'Girasol-Andino-47')).statusCode).toBe(200);
  });


  it('limits resends to one a minute, for known and unknown e-mails alike', async () => {
    const { email } = await newUser();
    expect((await post('send-code', { email })).statusCode).toBe(200);
    expect((await post('resend-code', { email })).statusCode).toBe(429);
    expect((await post('send-code', { email: 'otro-fantasma@panel.test' })).statusCode).toBe(200);
    expect((await post('resend-code', { email: 'otro-fantasma@panel.test' })).statusCode).toBe(429);
  });

  it('enforces the 8-character minimum and the confirmation', async () => {
    const short = await post('reset-password', { email: ADMIN_EMAIL, reset_token: 'x', password: 'corta', password_confirmation: 'corta' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['La nueva contraseña debe tener al menos 8 caracteres.']);
    const mismatch = await post('reset-password', { email: ADMIN_EMAIL, reset_token: 'x', password: 'suficiente', password_confirmation: 'distinta1' });
    expect(mismatch.json().errors.password_confirmation).toEqual(['Las contraseñas no coinciden.']);
  });

  it('refuses a forged reset token without changing the password', async () => {
    const { id, email } = await newUser();
    const [before] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    const forged = await post('reset-password', { email, reset_token: 'inventado', password: 'NuevaClave2026', password_confirmation: 'NuevaClave2026' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.reset_token).toBeDefined();
    const [after] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(after?.hash).toBe(before?.hash);
  });
});

describe('the HTTP envelope', () => {
  it('sets security headers on every answer', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Every answer, refusals and unknown routes included, carries the same set.
    for (const url of ['/api/v1/no-existe', '/api/docs/json']) {
      const other = await ctx.inject({ method: 'GET', url });
      for (const header of ['content-security-policy', 'strict-transport-security', 'cross-origin-opener-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
        expect(other.headers[header], `${url} ${header}`).toBe(response.headers[header]);
      }
    }
  });

  it('answers unknown API paths with a Spanish 404 envelope', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/v1/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'No existe la ruta GET /api/v1/nada.' });
  });

  it('serves the OpenAPI document with the recovery paths described', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/resend-2fa', '/api/auth/verify-2fa', '/api/auth/logout', '/api/auth/recovery/send-code', '/api/auth/recovery/verify-code', '/api/auth/recovery/resend-code', '/api/auth/recovery/reset-password']),
    );
    // Public routes need no bearer token; the others do.
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
    expect(document.paths['/api/auth/logout'].post.security).toBeUndefined();
    expect(document.security).toEqual([{ bearer: [] }]);
  });
});
