import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { countries, dsps, services, users } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, multipart, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { openEventStream, type EventStream } from './support/event-stream';
import { onServer } from './support/on-server';
import { startS3Server, type S3Server } from './support/s3-server';
import { insertSale } from './support/sale-rows';
import { file, keyOf, pngBytes } from './support/uploads';

/**
 * Two API instances on one PostgreSQL database and one bucket, as in production behind a load
 * balancer: whatever one instance does, the other sees. PGlite is one process's own database, so
 * this runs only with TEST_DATABASE_URL.
 */
describe.skipIf(inject('databaseTemplate').kind !== 'postgres')('two API instances on one PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  let s3: S3Server;
  /** Instance A, with the harness's helpers (its mailer, direct database access). */
  let a: TestContext;
  let databaseB: Database;
  let b: FastifyInstance;
  /** An admin's session, for the tests that are not about signing in. */
  let token: string;
  const streams: EventStream[] = [];

  const onB = (options: InjectOptions) => b.inject(options);
  const wrongLogin = { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'limite@panel.test', password: 'mal' } };

  beforeAll(async () => {
    s3 = await startS3Server();
    // Three attempts of each kind per e-mail between both instances (the admin signs in twice);
    // the per-address limit stays out of the way.
    a = await createTestContext(
      { rateLimit: { perEmail: { max: 3, windowSeconds: 900 }, perAddress: { max: 1000, windowSeconds: 900 } } },
      { storage: s3.storage('instancias') },
    );
    const url = (a.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    databaseB = await openDatabase({ databaseUrl: url, dataDir: null });
    // Its own connections, its own LISTEN and its own S3 client: nothing shared in memory with A.
    b = await buildApp({ config: a.config, db: databaseB.db, listen: databaseB.listen, mailer: { send: async () => undefined }, storage: s3.storage('instancias') });
    await b.listen({ port: 0, host: '127.0.0.1' });
    token = await a.signIn();
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await b?.close();
    await databaseB?.close();
    await a?.close();
    await s3?.close();
  });

  it('takes a sign-in begun on A on B, and a session opened on one is valid, and closed, on both', async () => {
    expect((await a.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).statusCode).toBe(200);
    // The code mailed by A is checked by B.
    const verified = await onB({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email: ADMIN_EMAIL, code: a.lastCode(ADMIN_EMAIL) } });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json().data.token as string;
    for (const instance of [a.inject, onB]) {
      const me = await instance({ method: 'GET', url: '/api/auth/me', headers: bearer(session) });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(ADMIN_EMAIL);
    }
    expect((await onB({ method: 'POST', url: '/api/auth/logout', headers: bearer(session) })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode).toBe(401);
  });

  it('counts sign-in attempts on both instances against one limit', async () => {
    const statuses = [];
    for (const instance of [a.inject, onB, a.inject, onB, a.inject]) statuses.push((await instance(wrongLogin)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('serves from B a logo uploaded through A; a delete through B keeps it for a restore through A', async () => {
    const [colombia] = await a.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
    const png = pngBytes(20, [30, 94, 168]);
    const body = await multipart({ name: 'Sponsor Compartido', country_id: String(colombia!.id), logo: file(png, 'logo.png', 'image/png') });
    const created = await a.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const { id, logo_url: logoUrl } = created.json().data as { id: number; logo_url: string };

    const logo = await onB({ method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload).toEqual(png);

    const deleted = await onB({ method: 'DELETE', url: `/api/v1/sponsors/${id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.keys(`instancias/${keyOf(logoUrl)}`)).toHaveLength(1);
    const restored = await a.inject({ method: 'POST', url: `/api/v1/audit/${deleted.json().data.entry_id}/restore`, headers: bearer(token) });
    expect(restored.statusCode, restored.body).toBe(201);
    expect((await onB({ method: 'GET', url: logoUrl })).rawPayload).toEqual(png);
  });

  it('sends a booking created and confirmed through A to a live list open on B', async () => {
    const { dspId, plans } = await insertDspWithPlans(a, 'Andes Compartida', ['Plan Hogar']);
    await a.db.update(dsps).set({ type: 'BOOKING' }).where(eq(dsps.id, dspId));
    const [service] = await a.db
      .insert(services)
      .values({ planId: plans[0]!.id, name: 'Plomería', unlimitedCoverage: true, unlimitedEvents: true, eventLimit: null })
      .returning({ id: services.id });
    const holder = await insertSale(a, { dspId, planId: plans[0]!.id });

    const stream = await openEventStream(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}/api/v1/dsps/${dspId}/bookings/stream`, token);
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    expect((await stream.next()).event).toBe('ready');

    const created = await a.inject({
      method: 'POST',
      url: `/api/v1/dsps/${dspId}/bookings`,
      headers: bearer(token),
      payload: { customer_id: holder.customerId, entitlement_id: holder.entitlementId, plan_service_id: service!.id, scheduled_at: '2027-03-10T15:00:00-05:00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json().data.id as number;
    expect(await stream.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify({ id: bookingId, dsp_id: dspId, kind: 'created', status: 'PENDING' }) });

    const confirmed = await a.inject({ method: 'PATCH', url: `/api/v1/bookings/${bookingId}/status`, headers: bearer(token), payload: { status: 'CONFIRMED' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await stream.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify({ id: bookingId, dsp_id: dspId, kind: 'status', status: 'CONFIRMED' }) });
  });

  it('starts two instances together on a new database: one migrates and seeds, the other waits and finds it done', async () => {
    const template = inject('databaseTemplate');
    if (template.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const name = `panel_test_start_${Date.now()}`;
    await onServer(template.serverUrl, `create database ${name}`);
    const url = new URL(template.serverUrl);
    url.pathname = `/${name}`;
    const opened: Database[] = [];
    try {
      const start = () =>
        openDatabase({
          databaseUrl: url.toString(),
          dataDir: null,
          afterMigrate: async (db) => void (await seed(db, { adminEmail: 'primera@panel.test', adminPassword: ADMIN_PASSWORD, demo: false })),
        });
      opened.push(...(await Promise.all([start(), start()])));
      const [database] = opened;
      expect(await database!.db.$count(users, eq(users.email, 'primera@panel.test'))).toBe(1);
      expect(await database!.db.$count(countries)).toBe(await a.db.$count(countries));
    } finally {
      await Promise.all(opened.map((database) => database.close()));
      await onServer(template.serverUrl, `drop database if exists ${name} with (force)`);
    }
  });
});
