import { BULK_MAX_RECORDS, BULK_MESSAGES, BULK_NOT_FOUND } from '@contract/bulk';
import { bookingTransitionRefusal } from '@contract/booking';
import { entitlementTransitionRefusal } from '@contract/entitlement';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannotDelete } from '@contract/messages';
import { CUSTOMER_DEPENDENT_NOUNS } from '@contract/customer.constants';
import { apiClients, auditLog, entitlements, entitlementStatusHistories, bookingStatusHistories, bookings, campaigns, categories, connectors, customers, dspUsers, dsps, permissions, rolePermissions, roles, services, sponsors, users } from '../../server/db/schema';
import { BOOKING_CHANNEL } from '../../server/modules/bookings/live';
import { USER_ERRORS } from '../../server/modules/users/service';
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

  it('announces every change on the live stream\'s channel, once the chunk commits', async () => {
    const ids = await ours(3);
    const heard: { id: number; kind: string; status: string }[] = [];
    const stop = await ctx.database.listen(BOOKING_CHANNEL, (payload) => void heard.push(JSON.parse(payload)));
    try {
      const response = await post(url(), { action: 'status', ids, status: 'CONFIRMED' });
      expect(response.json().data.done).toBe(3);
      await expect.poll(() => heard.length).toBe(3);
      expect(heard).toEqual(ids.map((id) => ({ id, dsp_id: dsp.dspId, kind: 'status', status: 'CONFIRMED' })));
    } finally {
      await stop();
    }
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

describe('the history of a bulk call', () => {
  const get = async (query: string) => {
    const response = await ctx.inject({ method: 'GET', url: `/api/v1/audit?${query}`, headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { data: { id: number; resource_id: number; batch: { id: string; count: number } | null }[]; total: number };
  };

  it('is one line (its first entry, with the batch and its count) that opens to each record\'s own entry', async () => {
    const ids = await ours(3);
    const alone = await ctx.inject({ method: 'PATCH', url: `/api/v1/bookings/${ids[0]}/status`, headers: bearer(adminToken), payload: { status: 'CANCELLED' } });
    expect(alone.statusCode, alone.body).toBe(200);
    const response = await post(`/api/v1/dsps/${dsp.dspId}/bookings/bulk`, { action: 'status', ids, status: 'CONFIRMED' });
    const { batch_id: batchId, done } = response.json().data;
    expect(done).toBe(2);

    const lines = await get(`filter[resource]=booking&limit=100`);
    const ofBatch = lines.data.filter((entry) => entry.batch?.id === batchId);
    expect(ofBatch).toHaveLength(1);
    expect(ofBatch[0]!.batch).toEqual({ id: batchId, count: 2 });
    expect(lines.data.find((entry) => entry.resource_id === ids[0] && entry.batch === null)).toBeDefined();
    const everyEntry = await ctx.db.$count(auditLog, eq(auditLog.resource, 'booking'));
    const batched = await ctx.db.$count(auditLog, sql`${auditLog.batchId} is not null and ${auditLog.resource} = 'booking'`);
    const batches = (await ctx.db.selectDistinct({ id: auditLog.batchId }).from(auditLog).where(sql`${auditLog.batchId} is not null and ${auditLog.resource} = 'booking'`)).length;
    expect(lines.total).toBe(everyEntry - batched + batches);

    const opened = await get(`filter[batch_id]=${batchId}`);
    expect(opened.total).toBe(2);
    expect(opened.data.map((entry) => entry.resource_id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(opened.data.every((entry) => entry.batch?.id === batchId && entry.batch?.count === 2)).toBe(true);

    const ofRecord = await get(`filter[resource]=booking&filter[resource_id]=${ids[2]}`);
    expect(ofRecord.data.map((entry) => entry.batch?.id ?? null)).toEqual([batchId]);

    const bad = await ctx.inject({ method: 'GET', url: '/api/v1/audit?filter[batch_id]=lote-1', headers: bearer(adminToken) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deletes: each record by its own delete rules', () => {
  it('sponsors: one with campaigns stays, with the 409\'s message; the batch is in the history', async () => {
    const [free] = await ctx.db.insert(sponsors).values({ name: 'Sponsor libre masivo', countryId: (await ctx.db.select({ id: sponsors.countryId }).from(sponsors).limit(1))[0]!.id }).returning({ id: sponsors.id });
    const held = (await ctx.db.select({ id: campaigns.sponsorId }).from(campaigns).where(eq(campaigns.id, dsp.campaignId)))[0]!.id;
    const response = await post('/api/v1/sponsors/bulk', { action: 'delete', ids: [free!.id, held] });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ done: 1, skipped: [{ id: held, reason: cannotDelete(1, 'campaña', 'campañas') }], failed: [] });
    expect(await ctx.db.$count(sponsors, eq(sponsors.id, free!.id))).toBe(0);
    expect(await ctx.db.$count(auditLog, and(eq(auditLog.batchId, result.batch_id), eq(auditLog.action, 'delete'), eq(auditLog.resourceId, free!.id)))).toBe(1);
    const enable = await post('/api/v1/sponsors/bulk', { action: 'enable', ids: [held] });
    expect(enable.statusCode).toBe(422);
  });

  it('campaigns and categories: one with plans or subcategories stays', async () => {
    const [sponsorRow] = await ctx.db.select({ id: campaigns.sponsorId, countryId: campaigns.countryId }).from(campaigns).where(eq(campaigns.id, dsp.campaignId));
    const [empty] = await ctx.db.insert(campaigns).values({ name: 'Campaña vacía masiva', sponsorId: sponsorRow!.id, countryId: sponsorRow!.countryId }).returning({ id: campaigns.id });
    const byCampaign = await post('/api/v1/campaigns/bulk', { action: 'delete', ids: [empty!.id, dsp.campaignId] });
    expect(byCampaign.json().data).toMatchObject({ done: 1, skipped: [{ id: dsp.campaignId, reason: expect.stringMatching(/^No se puede eliminar: tiene \d+ planes$/) }] });

    const [parent] = await ctx.db.insert(categories).values({ name: 'Hogar masivo' }).returning({ id: categories.id });
    const [child] = await ctx.db.insert(categories).values({ name: 'Plomería masiva', parentId: parent!.id }).returning({ id: categories.id });
    const [lone] = await ctx.db.insert(categories).values({ name: 'Suelta masiva' }).returning({ id: categories.id });
    const byCategory = await post('/api/v1/categories/bulk', { action: 'delete', filter: { q: 'masiv' } });
    expect(byCategory.statusCode, byCategory.body).toBe(200);
    // In id order: the parent is judged before its child goes, so it stays.
    expect(byCategory.json().data).toMatchObject({ done: 2, skipped: [{ id: parent!.id, reason: cannotDelete(1, 'subcategoría', 'subcategorías') }] });
    expect(await ctx.db.$count(categories, sql`${categories.id} in (${child!.id}, ${lone!.id})`)).toBe(0);
  });

  it('customers: one with bookings stays with its reason, another DSP\'s is not found', async () => {
    const lonely = await newCustomer(dsp.dspId, dsp.plans[0]!.id);
    const response = await post(`/api/v1/dsps/${dsp.dspId}/customers/bulk`, { action: 'delete', ids: [lonely.customerId, holder.customerId, otherHolder.customerId] });
    expect(response.statusCode, response.body).toBe(200);
    const { done, skipped } = response.json().data;
    expect(done).toBe(1);
    expect(skipped).toEqual([
      { id: otherHolder.customerId, reason: BULK_NOT_FOUND },
      { id: holder.customerId, reason: expect.stringMatching(new RegExp(`^No se puede eliminar: tiene \\d+ ${CUSTOMER_DEPENDENT_NOUNS.bookings[1]}$`)) },
    ]);
    expect(await ctx.db.$count(customers, sql`${customers.id} in (${holder.customerId}, ${otherHolder.customerId})`)).toBe(2);
  });
});

describe('enable and disable', () => {
  it('DSPs by filter, connectors and API clients of one DSP (another DSP\'s is not found)', async () => {
    const off = await post('/api/v1/dsps/bulk', { action: 'disable', ids: [dsp.dspId, other.dspId] });
    expect(off.json().data).toMatchObject({ done: 2, skipped: [] });
    const on = await post('/api/v1/dsps/bulk', { action: 'enable', filter: { enabled: '0' } });
    expect(on.json().data.done).toBeGreaterThanOrEqual(2);
    expect(await ctx.db.$count(dsps, eq(dsps.enabled, false))).toBe(0);

    const [mine] = await ctx.db.insert(connectors).values({ dspId: dsp.dspId, key: 'masivo', driver: 'api', type: 'BOOKING' }).returning({ id: connectors.id });
    const [theirsConnector] = await ctx.db.insert(connectors).values({ dspId: other.dspId, key: 'ajeno', driver: 'api', type: 'BOOKING' }).returning({ id: connectors.id });
    const connectorsOff = await post(`/api/v1/dsps/${dsp.dspId}/connectors/bulk`, { action: 'disable', ids: [mine!.id, theirsConnector!.id] });
    expect(connectorsOff.json().data).toMatchObject({ done: 1, skipped: [{ id: theirsConnector!.id, reason: BULK_NOT_FOUND }] });
    expect((await ctx.db.select({ enabled: connectors.enabled }).from(connectors).where(eq(connectors.id, mine!.id)))[0]!.enabled).toBe(false);

    const [client] = await ctx.db.insert(apiClients).values({ dspId: dsp.dspId, name: 'Cliente masivo', clientId: 'masivo-1', clientSecretHash: 'x' }).returning({ id: apiClients.id });
    const clientsOff = await post(`/api/v1/dsps/${dsp.dspId}/clients/bulk`, { action: 'disable', filter: { enabled: '1' } });
    expect(clientsOff.json().data).toMatchObject({ done: 1 });
    expect((await ctx.db.select({ enabled: apiClients.enabled }).from(apiClients).where(eq(apiClients.id, client!.id)))[0]!.enabled).toBe(false);
    const missing = await post('/api/v1/dsps/2000000000/clients/bulk', { action: 'disable', ids: [client!.id] });
    expect(missing.statusCode).toBe(404);
  });
});

describe('users: the rules of one by one', () => {
  it('nobody acts on themselves where one by one forbids it, nor on someone with more power', async () => {
    const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@panel.test'));
    const plain = await ctx.createUser({ email: 'sin.roles.masiva@bulk.test' });
    // ADMIN given users.manage, as a super admin would from the Roles tab: it manages users, with less than a super admin.
    const [adminRole] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'ADMIN'));
    const [manage] = await ctx.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'users.manage'));
    await ctx.db.insert(rolePermissions).values({ roleId: adminRole!.id, permissionId: manage!.id });
    const manager = await ctx.createUser({ email: 'jefa.masiva@bulk.test', roles: ['ADMIN'] });
    const managerToken = await ctx.signIn('jefa.masiva@bulk.test');

    const bySuper = await post('/api/v1/users/bulk', { action: 'deactivate', ids: [admin!.id, plain] });
    expect(bySuper.json().data).toMatchObject({ done: 1, skipped: [{ id: admin!.id, reason: USER_ERRORS.selfDeactivate }] });
    expect((await ctx.db.select({ active: users.isActive }).from(users).where(eq(users.id, plain)))[0]!.active).toBe(false);

    const byManager = await post('/api/v1/users/bulk', { action: 'activate', ids: [plain, admin!.id] }, managerToken);
    expect(byManager.statusCode, byManager.body).toBe(200);
    const { done, skipped } = byManager.json().data;
    expect(done).toBe(1);
    expect(skipped).toHaveLength(1);
    expect(skipped[0].id).toBe(admin!.id);
    const oneByOne = await ctx.inject({ method: 'DELETE', url: `/api/v1/users/${admin!.id}`, headers: bearer(managerToken) });
    const deleted = await post('/api/v1/users/bulk', { action: 'delete', ids: [admin!.id, manager, plain] }, managerToken);
    expect(deleted.json().data).toMatchObject({
      done: 1,
      skipped: [
        { id: admin!.id, reason: oneByOne.json().message },
        { id: manager, reason: USER_ERRORS.selfDelete },
      ],
    });
    expect(await ctx.db.$count(users, eq(users.id, plain))).toBe(0);
  });
});

describe('a DSP\'s subscriptions', () => {
  it('change status with a required reason, each by its transitions; another DSP\'s is not found', async () => {
    const first = await newCustomer(dsp.dspId, dsp.plans[0]!.id);
    const second = await newCustomer(dsp.dspId, dsp.plans[0]!.id);
    await ctx.db.update(entitlements).set({ status: 'CANCELLED' }).where(eq(entitlements.id, second.entitlementId));
    const url = `/api/v1/dsps/${dsp.dspId}/entitlements/bulk`;
    const ids = [first.entitlementId, second.entitlementId, otherHolder.entitlementId];
    const noReason = await post(url, { action: 'status', ids, status: 'SUSPENDED' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([BULK_MESSAGES.reasonRequired]);

    const response = await post(url, { action: 'status', ids, status: 'SUSPENDED', reason: 'Mora de dos meses' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      done: 1,
      skipped: [
        { id: otherHolder.entitlementId, reason: BULK_NOT_FOUND },
        { id: second.entitlementId, reason: entitlementTransitionRefusal('CANCELLED', 'SUSPENDED') },
      ],
    });
    const [history] = await ctx.db.select().from(entitlementStatusHistories).where(and(eq(entitlementStatusHistories.entitlementId, first.entitlementId), eq(entitlementStatusHistories.newStatus, 'SUSPENDED')));
    expect(history!.reason).toBe('Mora de dos meses');
    const byFilter = await post(url, { action: 'status', filter: { status: 'SUSPENDED', customer_id: String(first.customerId) }, status: 'ACTIVE', reason: 'Pagó' });
    expect(byFilter.json().data).toMatchObject({ done: 1, skipped: [] });
  });
});
