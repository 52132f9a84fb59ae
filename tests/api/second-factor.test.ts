import { TOTP_MESSAGES } from '@contract/account';
import { DEFAULT_ROLE_PERMISSIONS } from '@contract/permissions';
import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, totpFactors, totpRecoveryCodes } from '../../server/db/schema';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from './support/context';

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
  const email = `factor${counter}@panel.test`;
  const id = await ctx.createUser({ email, roles });
  return { id, email };
};

/** The app's code for the step `steps` away from now, as a phone would show it. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

const call = (token: string, url: string, payload?: object) =>
  ctx.inject({ method: payload === undefined && url === 'second-factor' ? 'GET' : 'POST', url: `/api/auth/${url}`, headers: bearer(token), payload });

const login = (email: string, password = ADMIN_PASSWORD) => ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const verify = (email: string, code: string) => ctx.inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email, code } });
const verifyRecovery = (email: string, recoveryCode: string) =>
  ctx.inject({ method: 'POST', url: '/api/auth/verify-2fa/recovery-code', payload: { email, recovery_code: recoveryCode } });

/** Signs in by mail, enrols the app and confirms it; answers the key and the recovery codes. */
const enrolled = async (roles = ['OPERATOR']) => {
  const user = await newUser(roles);
  const token = await ctx.signIn(user.email);
  const started = await call(token, 'second-factor/app', {});
  const secret = started.json().data.secret as string;
  const confirmed = await call(token, 'second-factor/app/confirm', { code: appCode(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { ...user, token, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
};

describe('enrolment in Mi cuenta', () => {
  it('shows a key as a QR code and as text, confirmed by its first code, then ten recovery codes', async () => {
    const { email, id } = await newUser();
    const token = await ctx.signIn(email);
    expect((await call(token, 'second-factor')).json().data).toEqual({ method: 'email', enabled_at: null, recovery_codes_left: 0 });

    const started = await call(token, 'second-factor/app', {});
    expect(started.statusCode).toBe(200);
    const enrolment = started.json().data;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('issuer')).toBe('Panel de Control');
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on until confirmed: signing in still mails a code.
    expect((await login(email)).json().data).toEqual({ second_factor: 'email' });

    const wrong = await call(token, 'second-factor/app/confirm', { code: appCode(enrolment.secret, 5) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([TOTP_MESSAGES.codeWrong]);
    expect((await call(token, 'second-factor')).json().data.method).toBe('email');

    const right = await call(token, 'second-factor/app/confirm', { code: appCode(enrolment.secret) });
    expect(right.statusCode).toBe(200);
    const codes = right.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const status = (await call(token, 'second-factor')).json().data;
    expect(status).toEqual({ method: 'app', enabled_at: expect.any(String), recovery_codes_left: 10 });

    // The key is sealed at rest and the recovery codes hashed; neither is in the history.
    const [stored] = await ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, id));
    expect(stored!.secret).not.toContain(enrolment.secret);
    expect(stored!.secret.startsWith('enc:v1:')).toBe(true);
    const hashes = await ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, id));
    expect(hashes.map((row) => row.codeHash).join()).not.toContain(codes[0]!.replace('-', ''));
    const history = JSON.stringify(await ctx.db.select().from(auditLog).where(eq(auditLog.resourceId, id)));
    expect(history).not.toContain(enrolment.secret);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'update', resource: 'user', changes: [{ field: 'second_factor', before: 'email', after: 'app', secret: false }] });

    // Enrolled: a second start is refused and the key is never shown again.
    const again = await call(token, 'second-factor/app', {});
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify((await call(token, 'second-factor')).json())).not.toContain(enrolment.secret);
  });

  it('refuses a confirmation before any key, and replaces a key not yet confirmed', async () => {
    const { email } = await newUser();
    const token = await ctx.signIn(email);
    const early = await call(token, 'second-factor/app/confirm', { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(TOTP_MESSAGES.noEnrolment);

    const first = (await call(token, 'second-factor/app', {})).json().data.secret as string;
    const second = (await call(token, 'second-factor/app', {})).json().data.secret as string;
    expect(second).not.toBe(first);
    expect((await call(token, 'second-factor/app/confirm', { code: appCode(first) })).statusCode).toBe(422);
    expect((await call(token, 'second-factor/app/confirm', { code: appCode(second) })).statusCode).toBe(200);
  });

  it('validates the code in Spanish and needs a session', async () => {
    const { email } = await newUser();
    const token = await ctx.signIn(email);
    const response = await call(token, 'second-factor/app/confirm', { code: '12ab' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual(['El código debe tener 6 dígitos.']);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/second-factor/app' })).statusCode).toBe(401);
  });
});

describe('signing in with the app', () => {
  it("asks for the app's code, mails nothing, and accepts a current one", async () => {
    const { email, secret } = await enrolled();
    const mailsBefore = ctx.mails.filter((mail) => mail.to === email).length;
    const answer = await login(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ data: { second_factor: 'app' }, message: 'Escribe el código de tu aplicación de autenticación.' });
    // The resend asks for nothing a person with an app could use: still no mail.
    await ctx.inject({ method: 'POST', url: '/api/auth/resend-2fa', payload: { email } });
    await ctx.app.backgroundWork.idle();
    expect(ctx.mails.filter((mail) => mail.to === email)).toHaveLength(mailsBefore);

    // The step of the confirmation is used: the next one (within the ±1 window) is what the phone shows soon.
    const signedIn = await verify(email, appCode(secret, 1));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ email, token: expect.any(String) });
  });

  it('refuses a code used once already, within its step', async () => {
    const { email, secret } = await enrolled();
    const code = appCode(secret, 1);
    await login(email);
    expect((await verify(email, code)).statusCode).toBe(200);
    await login(email);
    const replay = await verify(email, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.code[0]).toContain(TOTP_MESSAGES.codeUsed);
  });

  it('refuses the same code sent twice at once: one session opens', async () => {
    const { email, secret } = await enrolled();
    await login(email);
    const code = appCode(secret, 1);
    const answers = await Promise.all([verify(email, code), verify(email, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('needs the password first: a code alone opens nothing', async () => {
    const { email, secret } = await enrolled();
    const response = await verify(email, appCode(secret, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual(['El código no es válido o ya fue usado. Solicita uno nuevo.']);
  });

  it('counts wrong codes as a mailed code does: five, then the sign-in must start again, not within the minute', async () => {
    const { email, secret } = await enrolled();
    await login(email);
    const wrong = appCode(secret, 10);
    const first = await verify(email, wrong);
    expect(first.json().errors.code).toEqual(['El código no es correcto. Te quedan 4 intentos.']);
    // Signing in again keeps the open sign-in and its count.
    await login(email);
    for (let attempt = 0; attempt < 3; attempt++) await verify(email, wrong);
    const last = await verify(email, wrong);
    expect(last.json().errors.code).toEqual(['Se agotaron los intentos para este código. Solicita uno nuevo.']);
    expect((await verify(email, appCode(secret, 1))).statusCode).toBe(422);
    const tooSoon = await login(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/Espera un minuto/);
  });

  it('takes each recovery code once, in whatever case and with or without its dash', async () => {
    const { email, token, recoveryCodes } = await enrolled();
    await login(email);
    const signedIn = await verifyRecovery(email, recoveryCodes[0]!.toUpperCase());
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.token).toEqual(expect.any(String));
    expect((await call(token, 'second-factor')).json().data.recovery_codes_left).toBe(9);

    await login(email);
    const again = await verifyRecovery(email, recoveryCodes[0]!.replace('-', ''));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.recovery_code).toEqual(['El código de recuperación no es correcto o ya se usó. Te quedan 4 intentos.']);
    expect((await verifyRecovery(email, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it("refuses a recovery code for someone without an app, and one of another person's", async () => {
    const mailed = await newUser();
    await login(mailed.email);
    expect((await verifyRecovery(mailed.email, 'abcde-23456')).statusCode).toBe(422);
    const one = await enrolled();
    const other = await enrolled();
    await login(one.email);
    expect((await verifyRecovery(one.email, other.recoveryCodes[0]!)).statusCode).toBe(422);
    const malformed = await verifyRecovery(one.email, 'nope');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.recovery_code).toEqual(['El código de recuperación tiene 10 letras o números (por ejemplo, abcde-12345).']);
  });
});

describe('disabling the app', () => {
  it('needs the password and a current, unused code; then codes are mailed again', async () => {
    const { email, id, token, secret } = await enrolled();
    const noPassword = await call(token, 'second-factor/app/disable', { password: 'otra-clave', code: appCode(secret, 1) });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.password).toEqual([TOTP_MESSAGES.passwordWrong]);
    const wrongCode = await call(token, 'second-factor/app/disable', { password: ADMIN_PASSWORD, code: appCode(secret, 10) });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors.code).toEqual([TOTP_MESSAGES.codeWrong]);
    // The confirmation's code is spent.
    const spent = await call(token, 'second-factor/app/disable', { password: ADMIN_PASSWORD, code: appCode(secret) });
    expect(spent.statusCode).toBe(422);
    expect(spent.json().errors.code).toEqual([TOTP_MESSAGES.codeUsed]);
    expect((await call(token, 'second-factor')).json().data.method).toBe('app');

    const done = await call(token, 'second-factor/app/disable', { password: ADMIN_PASSWORD, code: appCode(secret, 1) });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(TOTP_MESSAGES.disabled);
    expect((await call(token, 'second-factor')).json().data).toEqual({ method: 'email', enabled_at: null, recovery_codes_left: 0 });
    expect(await ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, id))).toEqual([]);
    expect((await login(email)).json().data).toEqual({ second_factor: 'email' });
    expect(ctx.lastCode(email)).toMatch(/^\d{6}$/);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'update', actorId: id, changes: [{ field: 'second_factor', before: 'app', after: 'email' }] });
  });

  it('counts the attempts against the per-account limit', async () => {
    const limited = await createTestContext({ rateLimit: { perEmail: { max: 2, windowSeconds: 900 }, perAddress: { max: 1000, windowSeconds: 900 } } });
    try {
      const email = 'limitado@panel.test';
      await limited.createUser({ email, roles: ['OPERATOR'] });
      const token = await limited.signIn(email);
      const disable = () =>
        limited.inject({ method: 'POST', url: '/api/auth/second-factor/app/disable', headers: bearer(token), payload: { password: 'x', code: '000000' } });
      expect((await disable()).statusCode).toBe(422);
      expect((await disable()).statusCode).toBe(422);
      expect((await disable()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/v1/users/{id}/second-factor/reset', () => {
  const reset = (token: string, id: number) => ctx.inject({ method: 'POST', url: `/api/v1/users/${id}/second-factor/reset`, headers: bearer(token) });

  it("lets a super admin take away another person's app; it is in the history and the code is mailed again", async () => {
    const admin = await ctx.signIn();
    const target = await enrolled();
    const listed = await ctx.inject({ method: 'GET', url: `/api/v1/users/${target.id}`, headers: bearer(admin) });
    expect(listed.json().data.second_factor).toBe('app');

    const response = await reset(admin, target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(TOTP_MESSAGES.reset);
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/users/${target.id}`, headers: bearer(admin) })).json().data.second_factor).toBe('email');
    expect((await login(target.email)).json().data).toEqual({ second_factor: 'email' });
    expect(ctx.lastCode(target.email)).toMatch(/^\d{6}$/);

    const history = await ctx.inject({ method: 'GET', url: `/api/v1/audit?filter[resource]=user&filter[resource_id]=${target.id}`, headers: bearer(admin) });
    expect(history.json().data.data[0]).toMatchObject({
      action: 'update',
      actor: { name: expect.any(String) },
      changes: [{ field: 'second_factor', before: 'app', after: 'email', secret: false }],
    });
    expect(JSON.stringify(history.json())).not.toContain(target.secret);

    const twice = await reset(admin, target.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TOTP_MESSAGES.resetNothing);
  });

  it('is refused to anyone who is not a super admin, to oneself, and for an unknown user', async () => {
    const target = await enrolled();
    // An administrator who manages users (and holds every permission the target has), but is not a super admin.
    const [adminRole] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'ADMIN'));
    const granted = await ctx.inject({
      method: 'POST',
      url: `/api/v1/roles/${adminRole!.id}/sync-permission`,
      headers: bearer(await ctx.signIn()),
      payload: { permissions: [...DEFAULT_ROLE_PERMISSIONS.OPERATOR, 'users.manage'] },
    });
    expect(granted.statusCode).toBe(200);
    const manager = await newUser(['ADMIN']);
    const managerToken = await ctx.signIn(manager.email);
    const refused = await reset(managerToken, target.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TOTP_MESSAGES.resetNotSuperAdmin);
    const operator = await ctx.signIn((await newUser()).email);
    expect((await reset(operator, target.id)).statusCode).toBe(403);
    expect((await call(target.token, 'second-factor')).json().data.method).toBe('app');

    const superAdmin = await enrolled(['SUPER_ADMIN']);
    const self = await reset(superAdmin.token, superAdmin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TOTP_MESSAGES.resetSelf);
    expect((await reset(superAdmin.token, 999_999)).statusCode).toBe(404);
  });
});
