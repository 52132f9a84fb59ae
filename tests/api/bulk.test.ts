import { BULK_MAX_RECORDS, BULK_MESSAGES, BULK_NOT_FOUND } from '@contract/bulk';
import { bookingTransitionRefusal } from '@contract/booking';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingStatusHistories, bookings, dspUsers, services } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

let ctx: TestContext;
let adminToken: string;
let operatorToken: string;
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;
let serviceId: number;
let otherServiceId: number;

type Holder = { customerId: number; entitlementId: number };
let holder: Holder;
let otherHolder: Holder;

const post = (url: string, payload: Record<string, unknown>, token = adminToken) => ctx.inject({ method: 'POST', url, headers: bearer(token), payload });

let serial = 0;
async function newCustomer(dspId: number, planId: number): Promise<Holder> {
  serial += 1;
  const payload = { dni: `BK-${serial}`, name: `Cliente Masivo ${serial}`, email: `masivo${serial}@bulk.test`, password: 'Clave-Segura-1', password_confirmation: 'Clave-Segura-1', plan_id: [planId] };
  const response = await post(`/api/v1/dsps/${dspId}/customers`, payload);
  if (response.statusCode !== 201) throw new Error(response.body);
  const created = response.json().data;
  return { customerId: created.id as number, entitlementId: created.entitlements[0].id as number };
}

/** `count` bookings of one holder written by one statement (not through the API, which is tested one by one), with `status`: their ids. */
async function insertBookings(count: number, status: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'CONSUMED', of: { dspId: number; holder: Holder; serviceId: number; planId: number }): Promise<number[]> {
  serial += 1;
  const rows = await ctx.db.execute<{ id: number }>(sql`
    insert into ${bookings} (code_ref, status, scheduled_at, dsp_id, customer_id, entitlement_id, plan_service_id, plan_id)
    select ${`BK${serial}-`} || g, ${status}, now() + g * interval '1 minute', ${of.dspId}, ${of.holder.customerId}, ${of.holder.entitlementId}, ${of.serviceId}, ${of.planId}
    from generate_series(1, ${count}) g
    returning id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}
const ours = (count: number, status: Parameters<typeof insertBookings>[1] = 'PENDING') =>
  insertBookings(count, status, { dspId: dsp.dspId, holder, serviceId, planId: dsp.plans[0]!.id });
const theirs = (count: number) => insertBookings(count, 'PENDING', { dspId: other.dspId, holder: otherHolder, serviceId: otherServiceId, planId: other.plans[0]!.id });

const statusesOf = async (ids: number[]) =>
  Object.fromEntries((await ctx.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids))).map((row) => [row.id, row.status]));

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Masiva Asistencias', ['Plan Masivo']);
  other = await insertDspWithPlans(ctx, 'Ajena Asistencias', ['Plan Ajeno']);
  const insertService = async (planId: number) =>
    (await ctx.db.insert(services).values({ planId, name: 'Orientación', unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id }))[0]!.id;
  serviceId = await insertService(dsp.plans[0]!.id);
  otherServiceId = await insertService(other.plans[0]!.id);
  holder = await newCustomer(dsp.dspId, dsp.plans[0]!.id);
  otherHolder = await newCustomer(other.dspId, other.plans[0]!.id);
  const operatorId = await ctx.createUser({ email: 'operador.masivo@bulk.test', name: 'Operador Masivo', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: operatorId });
  operatorToken = await ctx.signIn('operador.masivo@bulk.test');
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/v1/dsps/{dspId}/bookings/bulk', () => {
  const url = () => `/api/v1/dsps/${dsp.dspId}/bookings/bulk`;

  it('confirms the chosen bookings, skips a CONSUMED one with its reason and another DSP\'s as not found, one history row and one entry per record with the same batch', async () => {
    const pending = await ours(3);
    const [consumed] = await ours(1, 'CONSUMED');
    const [foreign] = await theirs(1);
    const response = await post(url(), { action: 'status', ids: [...pending, consumed, foreign, 2_000_000_000], status: 'CONFIRMED', reason: 'Confirmados por teléfono' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.done).toBe(3);
    expect(result.failed).toEqual([]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { id: consumed, reason: bookingTransitionRefusal('CONSUMED', 'CONFIRMED') },
        { id: foreign, reason: BULK_NOT_FOUND },
        { id: 2_000_000_000, reason: BULK_NOT_FOUND },
      ]),
    );
    expect(result.skipped).toHaveLength(3);
    expect(result.batch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await statusesOf([...pending, consumed!, foreign!])).toEqual({ ...Object.fromEntries(pending.map((id) => [id, 'CONFIRMED'])), [consumed!]: 'CONSUMED', [foreign!]: 'PENDING' });

    const histories = await ctx.db.select().from(bookingStatusHistories).where(inArray(bookingStatusHistories.bookingId, pending));
    expect(histories.map((row) => [row.oldStatus, row.newStatus, row.reason])).toEqual(pending.map(() => ['PENDING', 'CONFIRMED', 'Confirmados por teléfono']));
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.batchId, result.batch_id));
    expect(entries.map((entry) => entry.resourceId).sort()).toEqual([...pending].sort());
  });

  it('by filter: every booking of this DSP the list\'s filters keep, never another DSP\'s', async () => {
    const cancelled = await ours(2, 'CANCELLED');
    const [foreignCancelled] = await insertBookings(1, 'CANCELLED', { dspId: other.dspId, holder: otherHolder, serviceId: otherServiceId, planId: other.plans[0]!.id });
    const response = await post(url(), { action: 'status', filter: { status: 'CANCELLED' }, status: 'PENDING' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ done: 2, skipped: [], failed: [] });
    expect(await statusesOf([...cancelled, foreignCancelled!])).toEqual({ [cancelled[0]!]: 'PENDING', [cancelled[1]!]: 'PENDING', [foreignCancelled!]: 'CANCELLED' });
  });

  it('refuses what the list does not take: another action, a bad status, an unknown filter, both ids and filter (422), another\'s DSP (404)', async () => {
    const [id] = await ours(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'delete', ids: [id] }, BULK_MESSAGES.action],
      [{ action: 'status', ids: [id], status: 'ARCHIVED' }, 'status'],
      [{ action: 'status', filter: { color: 'rojo' }, status: 'CONFIRMED' }, 'filter'],
      [{ action: 'status', ids: [id], filter: { status: 'PENDING' }, status: 'CONFIRMED' }, 'ids'],
    ];
    for (const [payload, expected] of cases) {
      const response = await post(url(), payload);
      expect(response.statusCode, response.body).toBe(422);
      if (expected === BULK_MESSAGES.action) expect(response.json().message).toBe(expected);
      else expect(Object.keys(response.json().errors)).toContain(expected);
    }
    expect((await statusesOf([id!]))[id!]).toBe('PENDING');
    const hidden = await post(`/api/v1/dsps/${other.dspId}/bookings/bulk`, { action: 'status', ids: [id], status: 'CONFIRMED' }, operatorToken);
    expect(hidden.statusCode, hidden.body).toBe(404);
  });

  it('an operator of the DSP acts only within it: another DSP\'s id is not found and stays as it was', async () => {
    const [mine] = await ours(1);
    const [foreign] = await theirs(1);
    const response = await post(url(), { action: 'status', ids: [mine, foreign], status: 'CANCELLED', reason: 'Sin cupo' }, operatorToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ done: 1, skipped: [{ id: foreign, reason: BULK_NOT_FOUND }] });
    expect(await statusesOf([mine!, foreign!])).toEqual({ [mine!]: 'CANCELLED', [foreign!]: 'PENDING' });
  });

  it(`at most ${BULK_MAX_RECORDS} records a call: more ids is the contract's 422, a filter matching more is 422 and changes nothing`, async () => {
    const ids = Array.from({ length: BULK_MAX_RECORDS + 1 }, (_, index) => index + 1);
    const byIds = await post(url(), { action: 'status', ids, status: 'CONFIRMED' });
    expect(byIds.statusCode).toBe(422);
    expect(byIds.json().errors.ids).toContain(BULK_MESSAGES.tooMany);

    const many = await ours(BULK_MAX_RECORDS + 1 - (await ctx.db.$count(bookings, and(eq(bookings.dspId, dsp.dspId), eq(bookings.status, 'PENDING')))));
    const byFilter = await post(url(), { action: 'status', filter: { status: 'PENDING' }, status: 'CONFIRMED' });
    expect(byFilter.statusCode, byFilter.body).toBe(422);
    expect(byFilter.json().message).toBe(BULK_MESSAGES.tooMany);
    expect(await ctx.db.$count(bookings, and(eq(bookings.dspId, dsp.dspId), eq(bookings.status, 'CONFIRMED'), inArray(bookings.id, many.slice(0, 100))))).toBe(0);
    await ctx.db.delete(bookings).where(inArray(bookings.id, many));
  });
});
