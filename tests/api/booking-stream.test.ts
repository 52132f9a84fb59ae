import type { AddressInfo } from 'node:net';
import type { BookingStreamEvent } from '@contract/booking';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { dspUsers } from '../../server/db/schema';
import { notifyBookingChange } from '../../server/modules/bookings/live';
import { STREAM_MESSAGES } from '../../server/modules/bookings/stream';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { openEventStream, type EventStream } from './support/event-stream';

let ctx: TestContext;
let base: string;
let adminToken: string;
/** An operator assigned to `dspId` only; an admin without operations.view; an operator assigned to none. */
let operatorToken: string;
let operatorId: number;
let noViewToken: string;
let unassignedToken: string;
let dspId: number;
let otherDspId: number;

/** Short, so that revoking a session or an assignment shows within the test's patience. */
const HEARTBEAT_MS = 150;

const streamUrl = (id: number, root = base) => `${root}/api/v1/dsps/${id}/bookings/stream`;
const address = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A change committed as the bookings service commits one: the NOTIFY inside its transaction. */
const commitChange = (event: BookingStreamEvent, database = ctx.db) => database.transaction((tx) => notifyBookingChange(tx, event));

let nextId = 1000;
const change = (dsp: number, kind: BookingStreamEvent['kind'] = 'created'): BookingStreamEvent => ({
  id: (nextId += 1),
  dsp_id: dsp,
  kind,
  status: kind === 'deleted' ? null : 'PENDING',
});

const open: EventStream[] = [];
const openStream = async (id: number, token?: string, root?: string) => {
  const stream = await openEventStream(streamUrl(id, root), token);
  open.push(stream);
  return stream;
};
/** Opens a stream and waits for its `ready`: from then on it hears every commit. */
const openReady = async (id: number, token: string, root?: string) => {
  const stream = await openStream(id, token, root);
  expect(stream.response.status).toBe(200);
  expect(await stream.next()).toEqual({ event: 'ready', data: JSON.stringify({ dsp_id: id }) });
  return stream;
};

beforeAll(async () => {
  ctx = await createTestContext({}, { bookingStream: { heartbeatMs: HEARTBEAT_MS } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = address(ctx.app);
  adminToken = await ctx.signIn();
  dspId = (await insertDspWithPlans(ctx, 'Andes Citas', ['Plan Cita'])).dspId;
  otherDspId = (await insertDspWithPlans(ctx, 'Caribe Citas', ['Plan Otro'])).dspId;
  operatorId = await ctx.createUser({ email: 'operadora.citas@panel.test', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId, userId: operatorId });
  await ctx.createUser({ email: 'admin.sin-agenda@panel.test', roles: ['ADMIN'] });
  await ctx.createUser({ email: 'operador.suelto@panel.test', roles: ['OPERATOR'] });
  operatorToken = await ctx.signIn('operadora.citas@panel.test');
  noViewToken = await ctx.signIn('admin.sin-agenda@panel.test');
  unassignedToken = await ctx.signIn('operador.suelto@panel.test');
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await ctx?.close();
});

describe('the live bookings stream', () => {
  it('opens as server-sent events and sends the change committed on the DSP within 2 s', async () => {
    const stream = await openReady(dspId, operatorToken);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.text()).toMatch(/^retry: 2000\n\n/);

    const event = change(dspId, 'status');
    await commitChange(event);
    expect(await stream.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify(event) });
    stream.close();
  });

  it('sends nothing for a rolled-back change, nor for another DSP', async () => {
    const stream = await openReady(dspId, operatorToken);
    await expect(
      ctx.db.transaction(async (tx) => {
        await notifyBookingChange(tx, change(dspId));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await commitChange(change(otherDspId));
    // Notifications arrive in commit order: the first event heard must be this one.
    const marker = change(dspId, 'updated');
    await commitChange(marker);
    expect(await stream.next()).toEqual({ event: 'booking', data: JSON.stringify(marker) });
    stream.close();
  });

  it('reaches every stream open on the DSP, and staff who configure DSPs see any DSP', async () => {
    const operator = await openReady(dspId, operatorToken);
    const admin = await openReady(otherDspId, adminToken);
    const mine = change(dspId);
    const theirs = change(otherDspId, 'deleted');
    await commitChange(mine);
    await commitChange(theirs);
    expect(JSON.parse((await operator.next()).data)).toEqual(mine);
    expect(JSON.parse((await admin.next()).data)).toEqual(theirs);
    operator.close();
    admin.close();
  });

  it('refuses without a session (401), without operations.view (403), and hides a DSP not assigned (404)', async () => {
    const anonymous = await openStream(dspId);
    expect(anonymous.response.status).toBe(401);
    expect(await anonymous.response.json()).toMatchObject({ status: 'error', message: expect.any(String) });

    const noView = await openStream(dspId, noViewToken);
    expect(noView.response.status).toBe(403);
    expect(await noView.response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'No tienes permiso para realizar esta acción.' });

    for (const [id, token] of [
      [dspId, unassignedToken],
      [otherDspId, operatorToken],
      [999_999, adminToken],
    ] as const) {
      const hidden = await openStream(id, token);
      expect(hidden.response.status).toBe(404);
      expect(hidden.response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await hidden.response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'La DSP no existe.' });
    }
  });

  it('answers 400 to a DSP id that is not a number', async () => {
    const response = await fetch(`${base}/api/v1/dsps/abc/bookings/stream`, { headers: bearer(adminToken) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error' });
  });

  it('closes the stream of a session that is closed', async () => {
    const token = await ctx.signIn('operadora.citas@panel.test');
    const stream = await openReady(dspId, token);
    const logout = await ctx.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    await stream.ended(2_000);
    // Reconnecting is refused: the panel learns the session is over.
    expect((await openStream(dspId, token)).response.status).toBe(401);
  });

  it('closes the stream when the person is taken off the DSP', async () => {
    const stream = await openReady(dspId, operatorToken);
    await ctx.db.delete(dspUsers).where(and(eq(dspUsers.dspId, dspId), eq(dspUsers.userId, operatorId)));
    try {
      await stream.ended(2_000);
      expect((await openStream(dspId, operatorToken)).response.status).toBe(404);
    } finally {
      await ctx.db.insert(dspUsers).values({ dspId, userId: operatorId });
    }
  });

  it('keeps a stream open while the session and the assignment stand (heartbeats are comments)', async () => {
    const stream = await openReady(dspId, operatorToken);
    await stream.until((text) => (text.match(/^: ping$/gm)?.length ?? 0) >= 2);
    const event = change(dspId);
    await commitChange(event);
    expect(JSON.parse((await stream.next()).data)).toEqual(event);
    stream.close();
  });

  it('bounds the streams one session may hold open', async () => {
    const token = await ctx.signIn('operadora.citas@panel.test');
    const streams = await Promise.all(Array.from({ length: 5 }, () => openReady(dspId, token)));
    const extra = await openStream(dspId, token);
    expect(extra.response.status).toBe(429);
    expect(await extra.response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: STREAM_MESSAGES.perSession });
    // Another session of the same person is not affected.
    (await openReady(dspId, operatorToken)).close();
    for (const stream of streams) stream.close();
    // A closed stream frees its place.
    await expect.poll(async () => {
      const again = await openStream(dspId, token);
      again.close();
      return again.response.status;
    }).toBe(200);
  });

  it('ends its open streams when the server closes, telling them to reconnect, without holding the close up', async () => {
    const other = await createTestContext({}, { bookingStream: { heartbeatMs: 60_000 } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const dsp = await insertDspWithPlans(other, 'Cierre', ['Plan Cierre']);
    const stream = await openReady(dsp.dspId, await other.signIn(), address(other.app));
    const started = Date.now();
    await other.close();
    // An open stream would otherwise keep the server waiting until its client left.
    expect(Date.now() - started).toBeLessThan(5_000);
    await stream.ended(2_000);
    // Its last words: when to connect again (to another instance, behind a balancer).
    expect(stream.text()).toMatch(/\n\nretry: 2000\n: el servidor se detiene; vuelve a conectar\n\n$/);
  });
});

/** Two API instances on one PostgreSQL database, as in production behind a load balancer. */
describe.runIf(inject('databaseTemplate').kind === 'postgres')('the live stream across API instances (PostgreSQL)', () => {
  let second: Database;
  let appB: FastifyInstance;
  let baseB: string;

  beforeAll(async () => {
    const url = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    second = await openDatabase({ databaseUrl: url, dataDir: null });
    appB = await buildApp({ config: ctx.config, db: second.db, listen: second.listen, mailer: { send: async () => undefined } });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    baseB = address(appB);
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
  });

  it('sends a change committed through instance A to a stream open on instance B within 2 s', async () => {
    const onB = await openReady(dspId, operatorToken, baseB);
    const event = change(dspId, 'status');
    await commitChange(event);
    expect(await onB.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify(event) });
    // And the other way round.
    const onA = await openReady(dspId, operatorToken);
    const back = change(dspId, 'updated');
    await commitChange(back, second.db);
    expect(await onA.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify(back) });
    // B hears its own change too, and must have before this test ends: heard late, it would reach
    // the next test's stream.
    expect(await onB.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify(back) });
    onA.close();
    onB.close();
  });

  it('tells its streams to refetch after its LISTEN connection is cut and opened again', async () => {
    const onB = await openReady(dspId, operatorToken, baseB);
    // Cut every LISTEN connection on this database (A's and B's): each instance reconnects.
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    expect(await onB.next(5_000)).toEqual({ event: 'resync', data: '{}' });
    // And it hears changes again.
    const event = change(dspId);
    await commitChange(event);
    expect(await onB.next(2_000)).toEqual({ event: 'booking', data: JSON.stringify(event) });
    onB.close();
  });
});
