import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port';
import { loadConfig } from '../../server/config';
import { loggerOptions } from '../../server/http/request-log';
import { createUploadsStorage } from '../../server/storage';
import { spawnServer } from '../e2e/support/server';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { tempDataDir } from './support/uploads';

/** Everything the app logged, one parsed JSON line each, with the options the server runs with. */
const logged: string[] = [];
const lines = () => logged.map((line) => JSON.parse(line) as Record<string, unknown>);
const requestLines = (requestId: string) => lines().filter((line) => line.request_id === requestId);

const data = tempDataDir('request-logs');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir }, { logger: { ...loggerOptions({ level: 'trace', format: 'json' }), stream: { write: (line: string) => void logged.push(line) } } });
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  const me = (requestId?: string) => ctx.inject({ method: 'GET', url: '/api/auth/me', headers: requestId === undefined ? {} : { 'x-request-id': requestId } });

  it('keeps a proxy’s id when it is a short plain token, and uses it in the log line', async () => {
    for (const given of ['abc-123', 'lb.7f3a_Z-9', 'x'.repeat(64)]) {
      const response = await me(given);
      expect(response.headers['x-request-id']).toBe(given);
      expect(response.json().request_id).toBe(given);
      expect(requestLines(given).some((line) => line.msg === 'request')).toBe(true);
    }
  });

  it('replaces an id that is too long, empty or holds other characters with a fresh one', async () => {
    const seen = new Set<string>();
    for (const given of ['x'.repeat(65), '', 'con espacio', 'a"b', 'ñandú', 'a,b', '../../etc', 'id\\n']) {
      const answered = String((await me(given)).headers['x-request-id']);
      expect(answered).not.toBe(given);
      expect(answered).toMatch(REQUEST_ID);
      seen.add(answered);
    }
    const generated = String((await me()).headers['x-request-id']);
    expect(generated).toMatch(REQUEST_ID);
    seen.add(generated);
    expect(seen.size).toBe(9);
  });

  it('comes on every answer, and an error’s body names the same id', async () => {
    const token = await ctx.signIn();
    const answers = {
      200: await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }),
      400: await ctx.inject({ method: 'GET', url: '/api/v1/users?sort=nada', headers: bearer(token) }),
      401: await ctx.inject({ method: 'GET', url: '/api/auth/me' }),
      404: await ctx.inject({ method: 'GET', url: '/api/no-existe' }),
      422: await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'no es un correo' } }),
    };
    for (const [status, response] of Object.entries(answers)) {
      expect(response.statusCode, response.body).toBe(Number(status));
      const id = response.headers['x-request-id'];
      expect(id).toMatch(REQUEST_ID);
      if (response.statusCode >= 400) expect(response.json()).toMatchObject({ status: 'error', request_id: id });
      else expect(response.json()).not.toHaveProperty('request_id');
    }
  });
});

describe('one log line per request', () => {
  it('names the id, method, route template, status, duration and who was signed in, and nothing else of the request', async () => {
    const token = await ctx.signIn();
    const me = (await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().data as { id: number };
    const { dspId } = await insertDspWithPlans(ctx, 'Registro Andino', ['Plan Log']);
    const response = await ctx.inject({ method: 'GET', url: `/api/v1/dsps/${dspId}/clients?page=2&filter[q]=busqueda-privada`, headers: { ...bearer(token), 'x-request-id': 'pedido-42' } });
    expect(response.statusCode).toBe(200);

    const [line, ...more] = requestLines('pedido-42');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, msg: 'request', request_id: 'pedido-42', method: 'GET', route: '/api/v1/dsps/:dspId/clients', status: 200, user_id: me.id });
    expect(typeof line!.duration_ms).toBe('number');
    expect(line!.duration_ms).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(line);
    for (const raw of [String(dspId) + '/clients', 'busqueda-privada', 'page=2']) expect(text).not.toContain(raw);
  });

  it('has no user for a request without a session, and no route template for one that matches none', async () => {
    await ctx.inject({ method: 'GET', url: '/api/no-existe/123?x=1', headers: { 'x-request-id': 'sin-ruta' } });
    expect(requestLines('sin-ruta')).toEqual([expect.objectContaining({ level: 30, msg: 'request', method: 'GET', route: null, status: 404, user_id: null })]);
    expect(JSON.stringify(requestLines('sin-ruta'))).not.toContain('no-existe');
  });

  it('keeps answered files outside /api (pictures, the panel) at debug, so they do not bury the API’s lines, but not a missing one', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const key = await createUploadsStorage(data.dir).put(gif, { folder: 'campaigns', extension: 'gif' });
    expect((await ctx.inject({ method: 'GET', url: `/storage/${key}`, headers: { 'x-request-id': 'imagen-ok' } })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: '/storage/campaigns/no-existe.gif', headers: { 'x-request-id': 'imagen-perdida' } })).statusCode).toBe(404);
    expect(requestLines('imagen-ok')).toEqual([expect.objectContaining({ level: 20, msg: 'request', status: 200 })]);
    expect(requestLines('imagen-perdida')).toEqual([expect.objectContaining({ level: 30, msg: 'request', status: 404 })]);
  });
});

const appCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

describe('redaction', () => {
  it('never logs a password, a code, a token, a credential, a client secret or a cookie, even at trace level', async () => {
    const secrets: string[] = [ADMIN_PASSWORD];
    const email = 'registro@panel.test';
    await ctx.createUser({ email, roles: ['SUPER_ADMIN'] });

    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const mailedCode = ctx.lastCode(email);
    secrets.push(mailedCode);
    const verified = await ctx.inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email, code: mailedCode }, headers: { cookie: 'panel_session=galleta-secreta-1' } });
    const token = verified.json().data.token as string;
    secrets.push(token, 'galleta-secreta-1');
    const auth = bearer(token);

    // A refused body that carries a password too.
    const refused = await ctx.inject({ method: 'POST', url: '/api/auth/change-password', headers: auth, payload: { current_password: ADMIN_PASSWORD, password: 'corta-rechazada-1', password_confirmation: 'otra' } });
    expect(refused.statusCode).toBe(422);
    secrets.push('corta-rechazada-1');
    const newPassword = 'Girasol-Andino-Registro-47';
    const changed = await ctx.inject({ method: 'POST', url: '/api/auth/change-password', headers: auth, payload: { current_password: ADMIN_PASSWORD, password: newPassword, password_confirmation: newPassword } });
    expect(changed.statusCode, changed.body).toBe(200);
    secrets.push(newPassword);

    const fresh = await ctx.signIn(email, newPassword);
    secrets.push(fresh, ctx.lastCode(email));
    const enrolment = (await ctx.inject({ method: 'POST', url: '/api/auth/second-factor/app', headers: bearer(fresh), payload: {} })).json().data as { secret: string };
    const totpCode = appCode(enrolment.secret);
    const confirmed = await ctx.inject({ method: 'POST', url: '/api/auth/second-factor/app/confirm', headers: bearer(fresh), payload: { code: totpCode } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    secrets.push(enrolment.secret, totpCode, ...(confirmed.json().data.recovery_codes as string[]));

    const { dspId, plans } = await insertDspWithPlans(ctx, 'Secretos Andinos', ['Plan Cifrado']);
    const connector = await ctx.inject({
      method: 'POST',
      url: `/api/v1/dsps/${dspId}/connectors`,
      headers: bearer(fresh),
      payload: {
        key: 'registro-secretos',
        driver: 'database',
        type: 'BOOKING',
        settings: { host: 'db.local', DB_PASSWORD: 'clave-conector-secreta', nested: { Api_Key: 'ak-registro-777' } },
        params: { authorization: 'Bearer conector.abc.def' },
        plans: [{ plan_id: plans[0]!.id, external_plan_id: 'EXT-1' }],
      },
    });
    expect(connector.statusCode, connector.body).toBe(201);
    secrets.push('clave-conector-secreta', 'ak-registro-777', 'conector.abc.def');

    const client = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/clients`, headers: bearer(fresh), payload: { name: 'Cliente Registro', client_id: 'cli-registro', client_secret: 'secreto-de-cliente-registro' } });
    expect(client.statusCode, client.body).toBe(201);
    const generated = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/clients`, headers: bearer(fresh), payload: { name: 'Cliente Generado', client_id: 'cli-generado', generate_secret: true } });
    expect(generated.statusCode, generated.body).toBe(201);
    secrets.push('secreto-de-cliente-registro', generated.json().data.client_secret as string);

    // The net under the rule: whatever code logs an object holding such fields, they come out censored.
    ctx.app.log.warn({ body: { password: 'red-de-seguridad-1', code: '918273' }, headers: { authorization: 'Bearer red-de-seguridad-2', cookie: 'red-de-seguridad-3' } }, 'an object with secrets');
    secrets.push('red-de-seguridad-1', '918273', 'red-de-seguridad-2', 'red-de-seguridad-3');
    await ctx.app.backgroundWork.idle();

    const everything = logged.join('');
    expect(lines().filter((line) => line.msg === 'request').length).toBeGreaterThan(10);
    expect(everything).toContain('an object with secrets');
    for (const secret of secrets) {
      // Codes are digits: as a whole number, not inside a timestamp.
      const whole = new RegExp(`(?<![0-9A-Za-z])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);
      expect(everything, `logged: ${secret}`).not.toMatch(whole);
    }
  });
});

describe('LOG_LEVEL and LOG_FORMAT', () => {
  it('default to info and JSON, and refuse an unknown value in Spanish', () => {
    expect(loadConfig({}).log).toEqual({ level: 'info', format: 'json' });
    expect(loadConfig({ LOG_LEVEL: 'Debug', LOG_FORMAT: 'pretty' }).log).toEqual({ level: 'debug', format: 'pretty' });
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL=verbose no es válido. Usa uno de: fatal, error, warn, info, debug, trace, silent.');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT=xml no es válido. Usa uno de: json, pretty.');
  });

  it('stop the server at start with that message and no stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, LOG_FORMAT: 'xml' }, encoding: 'utf8', timeout: 80_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('LOG_FORMAT=xml no es válido. Usa uno de: json, pretty.');
  }, 90_000);

  it('the running server writes one JSON line per request to its output, found by the id a client quotes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-logs-'));
    const server = spawnServer({ args: ['--import', 'tsx', 'server/main.ts'], dataDir, port: await freePort(), env: { LOG_LEVEL: '', LOG_FORMAT: '', DIST_DIR: '/nonexistent' } });
    try {
      await server.ready();
      const answer = await fetch(`${server.url}/api/auth/me`, { headers: { 'x-request-id': 'soporte-7731' } });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('x-request-id')).toBe('soporte-7731');
      expect(((await answer.json()) as { request_id: string }).request_id).toBe('soporte-7731');
      let found: Record<string, unknown>[] = [];
      for (let tries = 0; tries < 50 && found.length === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        found = server
          .output()
          .split('\n')
          .filter((line) => line.includes('soporte-7731'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      }
      expect(found).toEqual([expect.objectContaining({ level: 30, msg: 'request', request_id: 'soporte-7731', method: 'GET', route: '/api/auth/me', status: 401, user_id: null })]);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Migrating a fresh embedded database and starting takes a while on a busy machine.
  }, 150_000);
});
