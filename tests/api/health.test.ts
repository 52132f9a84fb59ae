import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rateLimitHits } from '../../server/db/schema';
import { createReadiness } from '../../server/modules/health/readiness';
import { createLocalDiskStorage } from '../../server/storage';
import { createTestContext, type TestContext } from './support/context';
import { startS3Server, type S3Server } from './support/s3-server';

const folder = mkdtempSync(path.join(tmpdir(), 'panel-health-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { storage: createLocalDiskStorage(path.join(folder, 'uploads')) });
});
afterAll(async () => {
  await ctx?.close();
});

describe('SHUTDOWN_GRACE', () => {
  it('is 10 s by default, takes a duration, and refuses anything else in Spanish', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE: '30s' }).shutdownGraceSeconds).toBe(30);
    expect(loadConfig({ SHUTDOWN_GRACE: '2m' }).shutdownGraceSeconds).toBe(120);
    expect(() => loadConfig({ SHUTDOWN_GRACE: 'diez' })).toThrow('SHUTDOWN_GRACE no es una duración válida (ejemplos: 12h, 30m, 3600): "diez"');
  });
});

describe('GET /health/live', () => {
  it('answers 200 {"status":"ok"} without a token', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /health/ready', () => {
  it('answers 200 with every part ok when the database, its migrations and the storage answer', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok', state: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  it('answers 503 naming the storage when its folder cannot be made, with no path nor stack', async () => {
    const blocker = path.join(folder, 'un-archivo');
    writeFileSync(blocker, 'no soy una carpeta');
    const broken = await createTestContext({}, { storage: createLocalDiskStorage(path.join(blocker, 'uploads')) });
    try {
      const response = await broken.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        state: 'ready',
        message: 'No está lista: el almacenamiento de archivos no responde.',
        checks: { database: 'ok', migrations: 'ok', storage: 'error' },
      });
      expect(response.body).not.toContain(folder);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 "pendientes" while the database lacks a migration of this release, and 200 once it has it', async () => {
    const last = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const answer = await ctx.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations where created_at = ${last}`);
    const [row] = (answer as unknown as { rows: { hash: string; created_at: string }[] }).rows;
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${row!.created_at}`);
    try {
      const response = await ctx.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', message: 'No está lista: faltan migraciones por aplicar.', checks: { database: 'ok', migrations: 'pendientes', storage: 'ok' } });
    } finally {
      await ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`);
    }
    expect((await ctx.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('is never counted in the per-address limits', async () => {
    const before = await ctx.db.$count(rateLimitHits);
    for (let call = 0; call < 40; call++) expect((await ctx.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect(await ctx.db.$count(rateLimitHits)).toBe(before);
  });
});

describe('while starting and after a signal', () => {
  it('answers 503 to readiness and to the API until ready, 200 then, and 503 again once stopping', async () => {
    const readiness = createReadiness();
    const life = await createTestContext({}, { readiness, storage: createLocalDiskStorage(path.join(folder, 'uploads')) });
    try {
      const ready = await life.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', state: 'starting', message: 'El servidor está arrancando. Vuelve a intentarlo en unos segundos.' });
      const api = await life.inject({ method: 'GET', url: '/api/v1/countries' });
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.json()).toEqual({ status: 'error', message: 'El servidor está arrancando. Vuelve a intentarlo en unos segundos.', request_id: expect.any(String) });
      // The process runs all along.
      expect((await life.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

      readiness.markReady();
      expect((await life.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      expect((await life.inject({ method: 'GET', url: '/api/v1/countries' })).statusCode).toBe(401);

      readiness.markStopping();
      const stopping = await life.inject({ method: 'GET', url: '/health/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.headers.connection).toBe('close');
      expect(stopping.json()).toMatchObject({ status: 'unavailable', state: 'stopping' });
      const late = await life.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c', password: 'x' } });
      expect(late.statusCode).toBe(503);
      expect(late.json().message).toBe('El servidor se está deteniendo. Vuelve a intentarlo: otra instancia te atenderá.');
      expect((await life.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
      // A signal during start-up wins over its end.
      readiness.markReady();
      expect(readiness.state).toBe('stopping');
    } finally {
      await life.close();
    }
  });
});

describe('the log and the documentation', () => {
  it('logs no line at info level for the health checks, and does for other requests', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logged = await buildApp({ config: ctx.config, db: ctx.db, mailer: { send: async () => undefined }, logger: { level: 'info', stream } });
    try {
      await logged.inject({ method: 'GET', url: '/health/ready' });
      await logged.inject({ method: 'GET', url: '/health/live' });
      await logged.inject({ method: 'GET', url: '/api/v1/countries' });
    } finally {
      await logged.close();
    }
    expect(lines.some((line) => line.includes('/api/v1/countries'))).toBe(true);
    expect(lines.filter((line) => line.includes('/health'))).toEqual([]);
  });

  it('documents both routes in Spanish, without the bearer lock', async () => {
    const document = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of ['/health/live', '/health/ready']) {
      const operation = document.paths[route].get;
      expect(operation.security, route).toEqual([]);
      expect(operation.tags).toEqual(['Salud']);
    }
    expect(document.paths['/health/ready'].get.description).toContain('503 mientras el servidor arranca');
    expect(Object.keys(document.paths['/health/ready'].get.responses).sort()).toEqual(['200', '503']);
  });
});

describe('the storage check', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('asks the bucket: resolves for one that exists, rejects for one that does not', async () => {
    await expect(s3.storage().check()).resolves.toBeUndefined();
    await expect(s3.storage('', 'no-existe-este-bucket').check()).rejects.toThrow();
  });

  it('on disk: resolves for a folder not made yet (without making it), rejects under a file', async () => {
    const later = path.join(folder, 'aun-no', 'uploads');
    await expect(createLocalDiskStorage(later).check()).resolves.toBeUndefined();
    const blocker = path.join(folder, 'otro-archivo');
    writeFileSync(blocker, '');
    await expect(createLocalDiskStorage(path.join(blocker, 'uploads')).check()).rejects.toThrow();
  });
});
