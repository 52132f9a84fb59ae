import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { METRICS_MESSAGES } from '../../server/http/metrics';
import { SIGN_IN_REFUSALS } from '../../server/modules/auth/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { openEventStream } from './support/event-stream';

const METRICS_TOKEN = 'token-de-prometheus-0123456789abcdef';
const scrape = () => ctx.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus' text format (comments skipped): `name{label="value",...} number`. */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` with (at least) these labels; 0 when there is none. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value)).reduce((sum, sample) => sum + sample.value, 0);

const read = async () => {
  const response = await scrape();
  expect(response.statusCode).toBe(200);
  return parseSamples(response.body);
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await ctx?.close();
});

describe('METRICS_TOKEN', () => {
  it('is optional, and refused when short or with spaces, saying how to make one', () => {
    const load = (value: string) => loadConfig({ DATA_DIR: '/tmp/panel-test-unused', METRICS_TOKEN: value }).metricsToken;
    expect(load('')).toBeNull();
    expect(load(METRICS_TOKEN)).toBe(METRICS_TOKEN);
    for (const wrong of ['corto', 'con espacios entre medias 0123456789', 'contraseña-con-tilde-0123456789']) {
      expect(() => load(wrong), wrong).toThrow('METRICS_TOKEN debe tener al menos 16 caracteres visibles, sin espacios ni tildes (por ejemplo, el resultado de `openssl rand -hex 32`).');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist: a 404 like any unknown route', async () => {
    const plain = await createTestContext();
    try {
      const response = await plain.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', message: 'No existe la ruta GET /metrics.', request_id: expect.any(String) });
    } finally {
      await plain.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a request without the token, with a wrong one and with a session token', async () => {
    const session = await ctx.signIn();
    for (const headers of [{}, bearer('otro-token-0123456789abcdef0000'), bearer(`${METRICS_TOKEN}x`), bearer(session), { authorization: METRICS_TOKEN }]) {
      const response = await ctx.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ status: 'error', message: METRICS_MESSAGES.unauthorized, request_id: expect.any(String) });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('panel_http_requests_total');
    }
  });

  it('answers the Prometheus text format with the token', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(/^# HELP panel_http_requests_total /m);
    expect(response.body).toMatch(/^# TYPE panel_http_request_duration_seconds histogram$/m);
    // The process's default metrics.
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(response.body, name).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('counts requests by route template, method and status, never with ids or query strings', async () => {
    const token = await ctx.signIn();
    const list = await ctx.inject({ method: 'GET', url: '/api/v1/sponsors?page=2&filter[q]=zz-secreto', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const detail = await ctx.inject({ method: 'GET', url: '/api/v1/sponsors/987654', headers: bearer(token) });
    expect(detail.statusCode).toBe(404);
    const unknown = await ctx.inject({ method: 'GET', url: '/api/v1/no-existe/123456?x=zz-otro' });
    expect(unknown.statusCode).toBe(404);

    const response = await scrape();
    const samples = parseSamples(response.body);
    expect(valueOf(samples, 'panel_http_requests_total', { route: '/api/v1/sponsors', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'panel_http_requests_total', { route: '/api/v1/sponsors/:id', method: 'GET', status: '404' })).toBe(1);
    expect(valueOf(samples, 'panel_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(valueOf(samples, 'panel_http_requests_total', { route: '/api/auth/login', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1);
    // The duration histogram: its buckets, sum and count, with the same labels.
    const detailLabels = { route: '/api/v1/sponsors/:id', method: 'GET', status: '404' };
    expect(valueOf(samples, 'panel_http_request_duration_seconds_bucket', { ...detailLabels, le: '+Inf' })).toBe(1);
    expect(samples.filter((sample) => sample.name === 'panel_http_request_duration_seconds_bucket' && sample.labels.route === '/api/v1/sponsors/:id').length).toBeGreaterThan(5);
    expect(valueOf(samples, 'panel_http_request_duration_seconds_count', detailLabels)).toBe(1);
    expect(valueOf(samples, 'panel_http_request_duration_seconds_sum', detailLabels)).toBeGreaterThan(0);

    // No label anywhere carries an id, a query string or what was searched for.
    const labelValues = samples.flatMap((sample) => Object.values(sample.labels));
    for (const value of labelValues) {
      expect(value).not.toMatch(/\?|987654|123456|zz-secreto|zz-otro|no-existe/);
    }
    expect(response.body).not.toContain(token);
  });

  it('counts the database statements and their time, by driver only', async () => {
    const before = await read();
    const driver = ctx.database.kind;
    const ok = { driver, result: 'ok' };
    const token = await ctx.signIn();
    await ctx.inject({ method: 'GET', url: '/api/v1/countries', headers: bearer(token) });
    const after = await read();
    expect(valueOf(after, 'panel_db_statements_total', ok)).toBeGreaterThan(valueOf(before, 'panel_db_statements_total', ok));
    expect(valueOf(after, 'panel_db_statement_duration_seconds_count', { driver })).toBeGreaterThan(valueOf(before, 'panel_db_statement_duration_seconds_count', { driver }));
    expect(valueOf(after, 'panel_db_statement_duration_seconds_bucket', { driver, le: '+Inf' })).toBe(valueOf(after, 'panel_db_statement_duration_seconds_count', { driver }));
    // A statement that fails counts as an error.
    await expect(ctx.db.execute('select * from tabla_que_no_existe')).rejects.toThrow();
    expect(valueOf(await read(), 'panel_db_statements_total', { driver, result: 'error' })).toBe(valueOf(before, 'panel_db_statements_total', { driver, result: 'error' }) + 1);
    const statementSamples = after.filter((sample) => sample.name.startsWith('panel_db_'));
    for (const sample of statementSamples) expect(Object.keys(sample.labels).sort()).toEqual(sample.name.endsWith('_bucket') ? ['driver', 'le'] : sample.name === 'panel_db_statements_total' ? ['driver', 'result'] : ['driver']);
    // Only PGlite has a queue of its own; idle, it is empty.
    const queue = after.filter((sample) => sample.name === 'panel_pglite_queue_length');
    if (driver === 'pglite') expect(queue).toEqual([{ name: 'panel_pglite_queue_length', labels: {}, value: 0 }]);
    else expect(queue).toEqual([]);
  });

  it('reads a busy PGlite queue', async ({ skip }) => {
    if (ctx.database.kind !== 'pglite') skip('PostgreSQL has no PGlite queue (checked absent above)');
    // One slow statement and three behind it (drizzle's queries start when awaited: Promise.all does).
    const running = Promise.all([ctx.db.execute('select pg_sleep(0.3)'), ...[1, 2, 3].map(() => ctx.db.execute('select 1'))]);
    expect(valueOf(await read(), 'panel_pglite_queue_length')).toBeGreaterThanOrEqual(4);
    await running;
    expect(valueOf(await read(), 'panel_pglite_queue_length')).toBe(0);
  });

  it('counts sign-in refusals by reason, and the sign-in mails sent', async () => {
    const before = await read();
    const refused = (samples: Sample[], reason: string) => valueOf(samples, 'panel_sign_in_refusals_total', { reason });
    const sent = (samples: Sample[]) => valueOf(samples, 'panel_mails_total', { result: 'sent' });

    const wrongPassword = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: 'no-es-la-clave' } });
    expect(wrongPassword.statusCode).toBe(401);
    const unknownAccount = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nadie@panel.test', password: 'no-es-la-clave' } });
    expect(unknownAccount.statusCode).toBe(401);
    const inactiveId = await ctx.createUser({ email: 'inactiva@panel.test', isActive: false });
    expect(inactiveId).toBeGreaterThan(0);
    const inactive = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'inactiva@panel.test', password: ADMIN_PASSWORD } });
    expect(inactive.statusCode).toBe(403);

    const mailsBefore = ctx.mails.length;
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'codigo@panel.test', password: ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(401);
    await ctx.createUser({ email: 'codigo@panel.test' });
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'codigo@panel.test', password: ADMIN_PASSWORD } })).statusCode).toBe(200);
    expect(ctx.mails.length).toBe(mailsBefore + 1);
    const code = ctx.lastCode('codigo@panel.test');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email: 'codigo@panel.test', code: wrongCode } })).statusCode).toBe(422);
    // A second code within the minute.
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'codigo@panel.test', password: ADMIN_PASSWORD } })).statusCode).toBe(429);
    // A bad body refuses nothing about the sign-in.
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'no-es-correo' } })).statusCode).toBe(422);

    const after = await read();
    expect(refused(after, 'wrong_password') - refused(before, 'wrong_password')).toBe(3);
    expect(refused(after, 'inactive') - refused(before, 'inactive')).toBe(1);
    expect(refused(after, 'wrong_code') - refused(before, 'wrong_code')).toBe(1);
    expect(refused(after, 'too_soon') - refused(before, 'too_soon')).toBe(1);
    const total = (samples: Sample[]) => valueOf(samples, 'panel_sign_in_refusals_total');
    expect(total(after) - total(before)).toBe(6);
    expect(sent(after) - sent(before)).toBe(1);
    expect(valueOf(after, 'panel_mails_total', { result: 'failed' })).toBe(0);
  });

  it('counts the sign-ins refused by the limit per address, before their body is read', async () => {
    const limited = await buildApp({
      config: { ...ctx.config, rateLimit: { ...ctx.config.rateLimit, perAddress: { max: 1, windowSeconds: 900 } } },
      db: ctx.db,
      mailer: { send: async () => undefined },
    });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) await limited.inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email: 'x@panel.test', code: '000000' } });
      const response = await limited.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(valueOf(parseSamples(response.body), 'panel_sign_in_refusals_total', { reason: 'rate_limited' })).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('counts the mails that could not be sent', async () => {
    const failing = await buildApp({
      config: ctx.config,
      db: ctx.db,
      mailer: {
        send: async () => {
          throw new Error('SMTP caído');
        },
      },
    });
    try {
      await ctx.createUser({ email: 'sin-correo@panel.test' });
      const login = await failing.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'sin-correo@panel.test', password: ADMIN_PASSWORD } });
      expect(login.statusCode).toBe(500);
      const samples = parseSamples((await failing.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) })).body);
      expect(valueOf(samples, 'panel_mails_total', { result: 'failed' })).toBe(1);
      expect(valueOf(samples, 'panel_mails_total', { result: 'sent' })).toBe(0);
      // A mail that failed refuses nobody; every reason is there from the start, at 0.
      const refusals = samples.filter((sample) => sample.name === 'panel_sign_in_refusals_total');
      expect(refusals.map((sample) => sample.labels.reason).sort()).toEqual([...SIGN_IN_REFUSALS].sort());
      expect(refusals.every((sample) => sample.value === 0)).toBe(true);
    } finally {
      await failing.close();
    }
  });

  it('counts the open live streams', async () => {
    const { dspId } = await insertDspWithPlans(ctx, 'Metricas Citas', ['Plan Métrico']);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const token = await ctx.signIn();
    const streams = [await openEventStream(`${base}/api/v1/dsps/${dspId}/bookings/stream`, token), await openEventStream(`${base}/api/v1/dsps/${dspId}/bookings/stream`, token)];
    try {
      for (const stream of streams) expect((await stream.next()).event).toBe('ready');
      expect(valueOf(await read(), 'panel_live_stream_clients')).toBe(2);
      streams[0]!.close();
      await expect.poll(async () => valueOf(await read(), 'panel_live_stream_clients')).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('stops counting the statements of a database once its app is closed (the database outlives it)', async () => {
    const other = await buildApp({ config: ctx.config, db: ctx.db, mailer: { send: async () => undefined } });
    const counted = async () => valueOf(parseSamples(await other.metrics.registry.metrics()), 'panel_db_statements_total');
    await ctx.db.execute('select 1');
    const whileOpen = await counted();
    expect(whileOpen).toBeGreaterThan(0);
    await other.close();
    await ctx.db.execute('select 1');
    expect(await counted()).toBe(whileOpen);
  });

  it('is not logged at info level and is not a sign-in', async () => {
    const route = ctx.app.routeAccess().find((entry) => entry.url === '/metrics');
    expect(route).toEqual({ method: 'GET', url: '/metrics', access: 'public', declaredBy: null });
    const lines: string[] = [];
    const logged = await buildApp({
      config: ctx.config,
      db: ctx.db,
      mailer: { send: async () => undefined },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      expect((await logged.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'GET', url: '/api/v1/countries' })).statusCode).toBe(401);
      expect(lines.some((line) => line.includes('/api/v1/countries'))).toBe(true);
      expect(lines.filter((line) => line.includes('/metrics'))).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('is documented in the OpenAPI document with its own token', async () => {
    const document = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/metrics'].get;
    expect(operation.security).toEqual([{ metricsToken: [] }]);
    expect(operation.summary).toMatch(/Prometheus/);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
