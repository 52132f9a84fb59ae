import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  BOOKINGS_CSV_HEADER,
  type Booking,
  type BookingStatus,
  bookingLimitReached,
  bookingTransitionRefusal,
} from '@contract/booking';
import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStatusHistories, bookings, dspUsers, dsps, entitlements, permissions, rolePermissions, roles, services, userRoles } from '../../server/db/schema';
import { BOOKING_CHANNEL } from '../../server/modules/bookings/live';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { countQueries } from './support/query-count';
import { SVG_BYTES, file, pngBytes, storedKeys, tempDataDir } from './support/uploads';

const data = tempDataDir('bookings');
let ctx: TestContext;
let adminToken: string;
let operatorToken: string;
let strangerToken: string;
let operatorId: number;
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;
/** The services of the DSP's first plan, and one of its second plan. */
let svc: { monthly: number; lifetime: number; unlimited: number; inactive: number; otherPlan: number; quarterly: number };

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  adminToken = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Andes Asistencias', ['Plan Hogar', 'Plan Auto']);
  other = await insertDspWithPlans(ctx, 'Pacífico Asistencias', ['Plan Otro']);
  await ctx.db.update(dsps).set({ type: 'BOOKING' }).where(eq(dsps.id, dsp.dspId));
  await ctx.db.update(dsps).set({ type: 'MIXED' }).where(eq(dsps.id, other.dspId));
  const insert = async (values: Partial<typeof services.$inferInsert> & { planId: number; name: string }) =>
    (await ctx.db.insert(services).values({ unlimitedCoverage: true, unlimitedEvents: false, ...values }).returning({ id: services.id }))[0]!.id;
  const home = dsp.plans[0]!.id;
  svc = {
    monthly: await insert({ planId: home, name: 'Plomería', eventLimit: 2, eventPeriod: 'MONTHLY' }),
    quarterly: await insert({ planId: home, name: 'Electricista', eventLimit: 1, eventPeriod: 'QUARTERLY' }),
    lifetime: await insert({ planId: home, name: 'Cerrajería', eventLimit: 1, eventPeriod: 'LIFETIME' }),
    unlimited: await insert({ planId: home, name: 'Orientación telefónica', unlimitedEvents: true, eventLimit: null }),
    inactive: await insert({ planId: home, name: 'Vidriería', unlimitedEvents: true, eventLimit: null, isActive: false }),
    otherPlan: await insert({ planId: dsp.plans[1]!.id, name: 'Grúa', unlimitedEvents: true, eventLimit: null }),
  };
  operatorId = await ctx.createUser({ email: 'operador.agenda@panel.test', name: 'Operador Agenda', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: operatorId });
  await ctx.createUser({ email: 'sin.dsp.agenda@panel.test', roles: ['OPERATOR'] });
  operatorToken = await ctx.signIn('operador.agenda@panel.test');
  strangerToken = await ctx.signIn('sin.dsp.agenda@panel.test');
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: Record<string, unknown>, token = adminToken) =>
  ctx.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let serial = 0;
/** A new customer of `dspId` holding `planId`: ids of the customer and its subscription. */
async function newCustomer(dspId = dsp.dspId, planId = dsp.plans[0]!.id, extra: Record<string, unknown> = {}) {
  serial += 1;
  const payload = { dni: `AG-${serial}`, name: `Cliente ${serial}`, email: `cliente${serial}@agenda.test`, password: 'Clave-Segura-1', password_confirmation: 'Clave-Segura-1', plan_id: [planId], ...extra };
  const response = await call('POST', `/api/v1/dsps/${dspId}/customers`, payload);
  if (response.statusCode !== 201) throw new Error(response.body);
  const created = response.json().data;
  return { customerId: created.id as number, entitlementId: created.entitlements[0].id as number };
}

type Holder = Awaited<ReturnType<typeof newCustomer>>;
const bookingBody = (holder: Holder, serviceId: number, scheduledAt: string, extra: Record<string, unknown> = {}) => ({
  customer_id: holder.customerId,
  entitlement_id: holder.entitlementId,
  plan_service_id: serviceId,
  scheduled_at: scheduledAt,
  ...extra,
});
const book = (holder: Holder, serviceId: number, scheduledAt: string, extra: Record<string, unknown> = {}, dspId = dsp.dspId, token = adminToken) =>
  call('POST', `/api/v1/dsps/${dspId}/bookings`, bookingBody(holder, serviceId, scheduledAt, extra), token);
async function booked(holder: Holder, serviceId = svc.unlimited, scheduledAt = '2027-03-10T15:00:00-05:00', extra: Record<string, unknown> = {}): Promise<Booking> {
  const response = await book(holder, serviceId, scheduledAt, extra);
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data;
}
const patchStatus = (id: number, status: string, reason?: string, token = adminToken) =>
  call('PATCH', `/api/v1/bookings/${id}/status`, { status, ...(reason === undefined ? {} : { reason }) }, token);
const detail = async (id: number): Promise<Booking> => (await call('GET', `/api/v1/bookings/${id}?include=status_histories`)).json().data;
const list = async (query: string, dspId = dsp.dspId) => {
  const response = await call('GET', `/api/v1/dsps/${dspId}/bookings?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: Booking[]; total: number };
};

describe('POST /api/v1/dsps/{dspId}/bookings', () => {
  it('books a service of an ACTIVE subscription: PENDING, a readable code, the plan copied, the first history row and the change history', async () => {
    const holder = await newCustomer();
    const response = await book(holder, svc.unlimited, '2027-03-10T10:30:00-05:00', {
      notes: 'Tocar el timbre dos veces',
      meta: { city: 'Medellín', address: 'Cra 43A # 1-50', latitude: 6.2, longitude: -75.57 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Reservación creada correctamente.');
    const created = response.json().data as Booking;
    expect(created.code_ref).toMatch(/^AG-[2-9A-HJKMNP-Z]{8}$/);
    expect(created).toMatchObject({
      status: 'PENDING',
      scheduled_at: '2027-03-10T15:30:00.000Z',
      confirmed_at: null,
      dsp_id: dsp.dspId,
      customer_id: holder.customerId,
      entitlement_id: holder.entitlementId,
      plan_id: dsp.plans[0]!.id,
      plan_service_id: svc.unlimited,
      notes: 'Tocar el timbre dos veces',
      meta: { country: null, city: 'Medellín', phone: null, address: 'Cra 43A # 1-50', latitude: 6.2, longitude: -75.57 },
      customer: { id: holder.customerId, name: expect.stringMatching(/^Cliente/) },
      plan: { id: dsp.plans[0]!.id, name: 'Plan Hogar' },
      service: { id: svc.unlimited, name: 'Orientación telefónica', unlimited_events: true },
      entitlement: { id: holder.entitlementId, status: 'ACTIVE' },
    });
    const read = await detail(created.id);
    expect(read.status_histories).toMatchObject([{ old_status: null, new_status: 'PENDING', reason: null, changed_by: { name: expect.any(String) } }]);
    const history = (await call('GET', `/api/v1/bookings/${created.id}/history`)).json().data.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', resource: 'booking', resource_label: created.code_ref });
    expect(history[0].changes).toEqual(expect.arrayContaining([{ field: 'status', before: null, after: 'PENDING', secret: false }]));
  });

  it('takes a form with meta[city], as the panel sends it', async () => {
    const holder = await newCustomer();
    const form = await multipart({ ...Object.fromEntries(Object.entries(bookingBody(holder, svc.unlimited, '2027-03-11T09:00:00Z')).map(([key, value]) => [key, String(value)])), 'meta[city]': 'Cali' });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dsp.dspId}/bookings`, headers: { ...bearer(adminToken), ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.meta.city).toBe('Cali');
  });

  it('refuses missing and malformed fields with their messages', async () => {
    const response = await call('POST', `/api/v1/dsps/${dsp.dspId}/bookings`, { scheduled_at: '2027-03-10 10:00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      customer_id: [BOOKING_MESSAGES.customerRequired],
      entitlement_id: [BOOKING_MESSAGES.entitlementRequired],
      plan_service_id: [BOOKING_MESSAGES.serviceRequired],
      scheduled_at: [BOOKING_MESSAGES.scheduledInvalid],
    });
  });

  it('refuses a customer of another DSP, a subscription that is not the customer’s here, and one that is not ACTIVE', async () => {
    const mine = await newCustomer();
    const neighbour = await newCustomer();
    const foreign = await newCustomer(other.dspId, other.plans[0]!.id);
    const asForeign = await book(foreign, svc.unlimited, '2027-03-10T10:00:00Z');
    expect(asForeign.statusCode).toBe(422);
    expect(asForeign.json().errors).toEqual({ customer_id: [BOOKING_MESSAGES.customerNotOfDsp] });
    const othersSubscription = await book({ customerId: mine.customerId, entitlementId: neighbour.entitlementId }, svc.unlimited, '2027-03-10T10:00:00Z');
    expect(othersSubscription.statusCode).toBe(422);
    expect(othersSubscription.json().errors).toEqual({ entitlement_id: [BOOKING_MESSAGES.entitlementNotOfCustomer] });
    await ctx.db.update(entitlements).set({ status: 'SUSPENDED' }).where(eq(entitlements.id, mine.entitlementId));
    const suspended = await book(mine, svc.unlimited, '2027-03-10T10:00:00Z');
    expect(suspended.statusCode).toBe(422);
    expect(suspended.json()).toMatchObject({ message: BOOKING_MESSAGES.entitlementNotActive, errors: { entitlement_id: [BOOKING_MESSAGES.entitlementNotActive] } });
  });

  it('refuses a service of another plan and an inactive one', async () => {
    const holder = await newCustomer();
    const otherPlan = await book(holder, svc.otherPlan, '2027-03-10T10:00:00Z');
    expect(otherPlan.statusCode).toBe(422);
    expect(otherPlan.json().errors).toEqual({ plan_service_id: [BOOKING_MESSAGES.serviceNotOfPlan] });
    const inactive = await book(holder, svc.inactive, '2027-03-10T10:00:00Z');
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors).toEqual({ plan_service_id: [BOOKING_MESSAGES.serviceInactive] });
  });
});

describe('the event limit per period', () => {
  it('refuses a booking once the month’s limit is reached, with the count and the limit; a cancelled one frees its slot', async () => {
    const holder = await newCustomer();
    const first = await booked(holder, svc.monthly, '2027-03-02T10:00:00-05:00');
    await booked(holder, svc.monthly, '2027-03-31T23:30:00-05:00');
    const refused = await book(holder, svc.monthly, '2027-03-15T10:00:00-05:00');
    const message = bookingLimitReached(2, 2, 'Mensual: 2027-03-01 a 2027-03-31');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 'error', request_id: expect.any(String), message, errors: { plan_service_id: [message] } });
    // 1 April 02:00 UTC is still 31 March in Bogotá: the same month.
    expect((await book(holder, svc.monthly, '2027-04-01T02:00:00Z')).statusCode).toBe(422);
    // Another month is another window.
    expect((await book(holder, svc.monthly, '2027-04-01T10:00:00-05:00')).statusCode).toBe(201);
    expect((await patchStatus(first.id, 'CANCELLED')).statusCode).toBe(200);
    expect((await book(holder, svc.monthly, '2027-03-15T10:00:00-05:00')).statusCode).toBe(201);
  });

  it('counts per subscription: another customer has their own slots', async () => {
    const one = await newCustomer();
    const two = await newCustomer();
    await booked(one, svc.lifetime, '2027-05-01T10:00:00Z');
    expect((await book(two, svc.lifetime, '2027-05-01T10:00:00Z')).statusCode).toBe(201);
  });

  it('a quarterly limit covers the calendar quarter; LIFETIME covers every date', async () => {
    const holder = await newCustomer();
    await booked(holder, svc.quarterly, '2027-01-05T10:00:00-05:00');
    const refused = await book(holder, svc.quarterly, '2027-03-31T10:00:00-05:00');
    expect(refused.json().message).toBe(bookingLimitReached(1, 1, 'Trimestral: 2027-01-01 a 2027-03-31'));
    expect((await book(holder, svc.quarterly, '2027-04-01T10:00:00-05:00')).statusCode).toBe(201);
    await booked(holder, svc.lifetime, '2027-01-05T10:00:00-05:00');
    const never = await book(holder, svc.lifetime, '2031-01-05T10:00:00-05:00');
    expect(never.json().message).toBe(bookingLimitReached(1, 1, 'De por vida'));
  });

  it('two bookings racing for the last slot: one is made, the other refused', async () => {
    const holder = await newCustomer();
    await booked(holder, svc.monthly, '2027-09-02T10:00:00-05:00');
    const racing = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((index) => book(holder, svc.monthly, `2027-09-1${index}T10:00:00-05:00`)));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    const rows = await ctx.db.select().from(bookings).where(eq(bookings.entitlementId, holder.entitlementId));
    expect(rows).toHaveLength(2);
  });

  it('an unlimited service takes any number', async () => {
    const holder = await newCustomer();
    for (let index = 0; index < 4; index++) await booked(holder, svc.unlimited, '2027-06-01T10:00:00Z');
  });

  it('reopening a cancelled booking, or moving one into a full month, is refused at the limit', async () => {
    const holder = await newCustomer();
    const cancelled = await booked(holder, svc.monthly, '2027-07-02T10:00:00-05:00');
    await patchStatus(cancelled.id, 'CANCELLED');
    await booked(holder, svc.monthly, '2027-07-03T10:00:00-05:00');
    const movable = await booked(holder, svc.monthly, '2027-07-04T10:00:00-05:00');
    const reopen = await patchStatus(cancelled.id, 'PENDING');
    expect(reopen.statusCode).toBe(422);
    expect(reopen.json().message).toBe(bookingLimitReached(2, 2, 'Mensual: 2027-07-01 a 2027-07-31'));
    const august = await booked(holder, svc.monthly, '2027-08-02T10:00:00-05:00');
    await booked(holder, svc.monthly, '2027-08-03T10:00:00-05:00');
    const move = await call('PUT', `/api/v1/bookings/${movable.id}`, { scheduled_at: '2027-08-20T10:00:00-05:00' });
    expect(move.statusCode).toBe(422);
    expect(move.json().message).toBe(bookingLimitReached(2, 2, 'Mensual: 2027-08-01 a 2027-08-31'));
    // Moving within its own month is fine: it does not count against itself.
    expect((await call('PUT', `/api/v1/bookings/${august.id}`, { scheduled_at: '2027-08-25T10:00:00-05:00' })).statusCode).toBe(200);
  });
});

describe('PATCH /api/v1/bookings/{id}/status', () => {
  const pairs = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s follows the rule of transitions', async (from: BookingStatus, to: BookingStatus) => {
    const holder = await newCustomer();
    const created = await booked(holder);
    await ctx.db.update(bookings).set({ status: from }).where(eq(bookings.id, created.id));
    const response = await patchStatus(created.id, to, 'Pedido por el cliente');
    const refusal = bookingTransitionRefusal(from, to);
    if (BOOKING_TRANSITIONS[from].includes(to)) {
      expect(refusal).toBeNull();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe('Estado actualizado correctamente.');
      expect(response.json().data).toMatchObject({ status: to, service: { id: svc.unlimited } });
      const read = await detail(created.id);
      expect(read.status_histories![0]).toMatchObject({ old_status: from, new_status: to, reason: 'Pedido por el cliente', changed_by: { name: expect.any(String) } });
      const audit = (await call('GET', `/api/v1/bookings/${created.id}/history`)).json().data.data;
      expect(audit[0].changes).toEqual([
        { field: 'status', before: from, after: to, secret: false },
        { field: 'reason', before: null, after: 'Pedido por el cliente', secret: false },
      ]);
    } else {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: refusal, errors: { status: [refusal] } });
      const rows = await ctx.db.select().from(bookingStatusHistories).where(eq(bookingStatusHistories.bookingId, created.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('stamps the time of each status entered; back to PENDING clears the confirmation and the cancellation', async () => {
    const holder = await newCustomer();
    const created = await booked(holder);
    const confirmed = (await patchStatus(created.id, 'CONFIRMED')).json().data as Booking;
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.cancelled_at).toBeNull();
    const cancelled = (await patchStatus(created.id, 'CANCELLED')).json().data as Booking;
    expect(cancelled).toMatchObject({ confirmed_at: confirmed.confirmed_at, cancelled_at: expect.any(String) });
    const reopened = (await patchStatus(created.id, 'PENDING')).json().data as Booking;
    expect(reopened).toMatchObject({ status: 'PENDING', confirmed_at: null, cancelled_at: null, consumed_at: null });
    await patchStatus(created.id, 'CONFIRMED');
    const consumed = (await patchStatus(created.id, 'CONSUMED')).json().data as Booking;
    expect(consumed).toMatchObject({ status: 'CONSUMED', consumed_at: expect.any(String), confirmed_at: expect.any(String) });
    const read = await detail(created.id);
    expect(read.status_histories!.map((row) => row.new_status)).toEqual(['CONSUMED', 'CONFIRMED', 'PENDING', 'CANCELLED', 'CONFIRMED', 'PENDING']);
  });

  it('refuses an unknown status with the list, and takes POST with _method=PATCH', async () => {
    const created = await booked(await newCustomer());
    const bad = await patchStatus(created.id, 'DONE');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: [BOOKING_MESSAGES.status] });
    const form = await call('POST', `/api/v1/bookings/${created.id}/status`, { _method: 'PATCH', status: 'CONFIRMED' });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.status).toBe('CONFIRMED');
  });
});

describe('PUT /api/v1/bookings/{id} and the files', () => {
  it('changes the time, the notes and meta key by key; the change history lists what changed', async () => {
    const created = await booked(await newCustomer(), svc.unlimited, '2027-03-10T15:00:00Z', { meta: { city: 'Bogotá', address: 'Cl 100 # 15-20' } });
    const response = await call('PUT', `/api/v1/bookings/${created.id}`, { scheduled_at: '2027-03-12T08:00:00-05:00', notes: 'Llamar antes', meta: { address: 'Cl 26 # 68-70' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ scheduled_at: '2027-03-12T13:00:00.000Z', notes: 'Llamar antes', meta: { city: 'Bogotá', address: 'Cl 26 # 68-70' } });
    const audit = (await call('GET', `/api/v1/bookings/${created.id}/history`)).json().data.data;
    expect(audit[0]).toMatchObject({ action: 'update' });
    expect(audit[0].changes.map((change: { field: string }) => change.field).sort()).toEqual(['address', 'notes', 'scheduled_at']);
  });

  it('refuses to edit a CONSUMED booking', async () => {
    const created = await booked(await newCustomer());
    await ctx.db.update(bookings).set({ status: 'CONSUMED' }).where(eq(bookings.id, created.id));
    const response = await call('PUT', `/api/v1/bookings/${created.id}`, { notes: 'tarde' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(BOOKING_MESSAGES.consumedNotEditable);
  });

  it('stores the evidence and the support (PNG, PDF), refuses an SVG (415 on its field), deletes a replaced file and keeps a deleted booking’s files for a restore', async () => {
    const holder = await newCustomer();
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const form = await multipart({
      ...Object.fromEntries(Object.entries(bookingBody(holder, svc.unlimited, '2027-03-10T10:00:00Z')).map(([key, value]) => [key, String(value)])),
      evidence_file: file(pngBytes(), 'foto.png', 'image/png'),
      support_file: file(pdf, 'orden.pdf', 'application/pdf'),
    });
    const created = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dsp.dspId}/bookings`, headers: { ...bearer(adminToken), ...form.headers }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data as Booking;
    expect(item.evidence_file_url).toMatch(/^\/storage\/bookings\/[0-9a-f]{32}\.png$/);
    expect(item.support_file_url).toMatch(/^\/storage\/bookings\/[0-9a-f]{32}\.pdf$/);
    expect((await ctx.inject({ method: 'GET', url: item.evidence_file_url! })).statusCode).toBe(200);

    const svg = await multipart({ _method: 'PUT', evidence_file: file(SVG_BYTES, 'x.png', 'image/png') });
    const refused = await ctx.inject({ method: 'POST', url: `/api/v1/bookings/${item.id}`, headers: { ...bearer(adminToken), ...svg.headers }, payload: svg.payload });
    expect(refused.statusCode).toBe(415);
    expect(Object.keys(refused.json().errors)).toEqual(['evidence_file']);

    const replacement = await multipart({ _method: 'PUT', evidence_file: file(pngBytes(4, [1, 2, 3]), 'otra.png', 'image/png') });
    const replaced = await ctx.inject({ method: 'POST', url: `/api/v1/bookings/${item.id}`, headers: { ...bearer(adminToken), ...replacement.headers }, payload: replacement.payload });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = replaced.json().data.evidence_file_url as string;
    expect(newUrl).not.toBe(item.evidence_file_url);
    const keys = storedKeys(data.uploads);
    expect(keys).toContain(newUrl.replace('/storage/', ''));
    expect(keys).not.toContain(item.evidence_file_url!.replace('/storage/', ''));
    expect(keys).toContain(item.support_file_url!.replace('/storage/', ''));

    expect((await call('DELETE', `/api/v1/bookings/${item.id}`)).statusCode).toBe(200);
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    const after = storedKeys(data.uploads);
    expect(after).toContain(newUrl.replace('/storage/', ''));
    expect(after).toContain(item.support_file_url!.replace('/storage/', ''));
  });
});

describe('DELETE /api/v1/bookings/{id}, and what bookings block', () => {
  it('deletes a booking with its status history; the check answers deletable first', async () => {
    const created = await booked(await newCustomer());
    expect((await call('GET', `/api/v1/bookings/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const response = await call('DELETE', `/api/v1/bookings/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Reservación eliminada correctamente.');
    expect((await call('GET', `/api/v1/bookings/${created.id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(bookingStatusHistories).where(eq(bookingStatusHistories.bookingId, created.id))).toEqual([]);
  });

  it('a customer with bookings is not deleted (409 that counts them), nor a booked service', async () => {
    const holder = await newCustomer();
    await booked(holder);
    await booked(holder);
    const customer = await call('DELETE', `/api/v1/customers/${holder.customerId}`);
    expect(customer.statusCode).toBe(409);
    expect(customer.json().message).toBe('No se puede eliminar: tiene 2 agendamientos');
    expect((await call('GET', `/api/v1/customers/${holder.customerId}/deletion`)).json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 agendamientos' });
    const service = await call('DELETE', `/api/v1/services/${svc.unlimited}`);
    expect(service.statusCode).toBe(409);
    expect(service.json().message).toMatch(/^No se puede eliminar: tiene \d+ agendamientos$/);
  });
});

describe('GET /api/v1/dsps/{dspId}/bookings', () => {
  let dspId: number;
  let ana: Holder;
  let luis: Holder;
  let late: Booking;
  let early: Booking;
  let cancelled: Booking;
  beforeAll(async () => {
    const own = await insertDspWithPlans(ctx, 'Filtros Asistencias', ['Plan Filtros']);
    dspId = own.dspId;
    const [service] = await ctx.db.insert(services).values({ planId: own.plans[0]!.id, name: 'Mantenimiento', unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id });
    ana = await newCustomer(dspId, own.plans[0]!.id, { name: 'Ána Gómez', dni: '1020304050', phone: '3001234567' });
    luis = await newCustomer(dspId, own.plans[0]!.id, { name: 'Luis Pérez', dni: '9080706050', phone: '3109876543' });
    const make = async (holder: Holder, at: string) => {
      const response = await book(holder, service!.id, at, {}, dspId);
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json().data as Booking;
    };
    // 23:30 in Bogotá on 9 March is already 10 March in UTC and in Madrid.
    late = await make(ana, '2027-03-09T23:30:00-05:00');
    early = await make(luis, '2027-03-10T08:00:00-05:00');
    cancelled = await make(luis, '2027-03-12T08:00:00-05:00');
    await patchStatus(cancelled.id, 'CANCELLED');
    await ctx.db.update(bookings).set({ createdAt: new Date('2026-01-15T12:00:00Z') }).where(eq(bookings.id, early.id));
  });
  const ids = (page: { data: Booking[] }) => page.data.map((item) => item.id).sort((a, b) => a - b);

  it('lists the DSP’s bookings newest first, 12 a page', async () => {
    const page = await list('', dspId);
    expect(page).toMatchObject({ total: 3, per_page: 12 });
    expect(page.data.map((item) => item.id)).toEqual([cancelled.id, late.id, early.id]);
  });

  it('finds by code, customer name (without accents or case), DNI and phone', async () => {
    expect(ids(await list(`q=${late.code_ref.toLowerCase()}`, dspId))).toEqual([late.id]);
    expect(ids(await list('q=ana gomez', dspId))).toEqual([late.id]);
    expect(ids(await list('filter[q]=9080706', dspId))).toEqual([early.id, cancelled.id]);
    expect(ids(await list('q=300123', dspId))).toEqual([late.id]);
  });

  it('filters by status (one or several), customer and creation day', async () => {
    expect(ids(await list('filter[status]=CANCELLED', dspId))).toEqual([cancelled.id]);
    expect(ids(await list('filter[status]=PENDING,CANCELLED', dspId))).toEqual([late.id, early.id, cancelled.id]);
    expect(ids(await list(`filter[customer_id]=${ana.customerId}`, dspId))).toEqual([late.id]);
    expect(ids(await list('filter[created_at]=2026-01-15', dspId))).toEqual([early.id]);
  });

  it('reads scheduled days in the time zone tz (America/Bogota by default), a day or an inclusive range', async () => {
    expect(ids(await list('filter[scheduled_at]=2027-03-09', dspId))).toEqual([late.id]);
    expect(ids(await list('filter[scheduled_at]=2027-03-10', dspId))).toEqual([early.id]);
    expect(ids(await list('filter[scheduled_at]=2027-03-10&tz=Europe/Madrid', dspId))).toEqual([late.id, early.id]);
    expect(ids(await list('filter[scheduled_at]=2027-03-09&tz=Europe/Madrid', dspId))).toEqual([]);
    expect(ids(await list('filter[scheduled_at]=2027-03-09,2027-03-11', dspId))).toEqual([late.id, early.id]);
    expect(ids(await list('filter[scheduled_at]=2027-03-10,2027-03-12&filter[status]=PENDING', dspId))).toEqual([early.id]);
  });

  it('answers 400 for a bad day, a bad time zone, or a parameter it does not know', async () => {
    for (const query of ['filter[scheduled_at]=2027-02-30', 'filter[scheduled_at]=10/03/2027', 'filter[created_at]=2027-03-12,2027-03-10', 'filter[scheduled_at]=2027-03-01,2027-03-02,2027-03-03']) {
      const response = await call('GET', `/api/v1/dsps/${dspId}/bookings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(BOOKING_MESSAGES.date);
    }
    for (const tz of ['Mars/Olympus', 'UTC+5', '', 'x'.repeat(100)].filter(Boolean)) {
      const response = await call('GET', `/api/v1/dsps/${dspId}/bookings?tz=${encodeURIComponent(tz)}`);
      expect(response.statusCode, tz).toBe(400);
      expect(response.json().message).toBe(BOOKING_MESSAGES.timeZone);
    }
    const unknown = await call('GET', `/api/v1/dsps/${dspId}/bookings?zone=UTC`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('tz');
    expect((await call('GET', `/api/v1/dsps/${dspId}/bookings?filter[status]=DONE`)).statusCode).toBe(400);
  });

  it('includes customer, entitlement.plan, plan, dsp and service in a fixed number of statements', async () => {
    const url = `/api/v1/dsps/${dspId}/bookings?include=customer,entitlement,entitlement.plan,plan,dsp,service`;
    const one = await countQueries(ctx.db, () => call('GET', `${url}&limit=1`));
    let page: { data: Booking[] } | undefined;
    const all = await countQueries(ctx.db, async () => {
      page = (await call('GET', url)).json().data;
    });
    expect(all).toBe(one);
    expect(page!.data.find((item) => item.id === late.id)).toMatchObject({
      customer: { name: 'Ána Gómez', dni: '1020304050', phone: '3001234567', meta: { city: null, address: null } },
      entitlement: { id: ana.entitlementId, status: 'ACTIVE', plan: { name: 'Plan Filtros' } },
      plan: { name: 'Plan Filtros' },
      dsp: { id: dspId, name: 'Filtros Asistencias' },
      service: { name: 'Mantenimiento', unlimited_events: true, event_limit: null },
    });
  });

  it('answers sparse fields', async () => {
    const page = await list('fields=id,code_ref', dspId);
    expect(Object.keys(page.data[0]!)).toEqual(['id', 'code_ref']);
  });

  it('exports the filtered bookings as CSV, newest first, times in tz', async () => {
    await call('PUT', `/api/v1/bookings/${late.id}`, { notes: '=HYPERLINK("x")' });
    const response = await call('GET', `/api/v1/dsps/${dspId}/bookings/export?filter[status]=PENDING&tz=America/Bogota`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="agendamientos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(BOOKINGS_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`${late.code_ref},Pendiente,2027-03-09 23:30,Ána Gómez,1020304050,3001234567,Plan Filtros,Mantenimiento,"'=HYPERLINK(""x"")",${lines[1]!.split(',').at(-1)}`);
    expect(lines[2]).toContain(`${early.code_ref},Pendiente,2027-03-10 08:00,Luis Pérez`);
    expect(lines[2]!.endsWith('2026-01-15 07:00')).toBe(true);
    const madrid = await call('GET', `/api/v1/dsps/${dspId}/bookings/export?filter[status]=PENDING&tz=Europe/Madrid`);
    expect(madrid.body).toContain(`${late.code_ref},Pendiente,2027-03-10 05:30`);
    expect((await call('GET', `/api/v1/dsps/${dspId}/bookings/export?tz=Nowhere/Land`)).statusCode).toBe(400);
  });
});

describe('the export of many bookings', () => {
  it('has every row, none twice, across its batches of 1,000, even with equal creation times', async () => {
    const own = await insertDspWithPlans(ctx, 'Exportación Asistencias', ['Plan Exportación']);
    const [service] = await ctx.db.insert(services).values({ planId: own.plans[0]!.id, name: 'Revisión', unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id });
    const holder = await newCustomer(own.dspId, own.plans[0]!.id);
    const createdAt = new Date('2026-06-01T12:00:00.123456Z');
    const rows = Array.from({ length: 1_003 }, (_, index) => ({
      codeRef: `AG-T${String(index).padStart(7, '0')}`,
      scheduledAt: new Date('2027-01-01T12:00:00Z'),
      dspId: own.dspId,
      customerId: holder.customerId,
      entitlementId: holder.entitlementId,
      planServiceId: service!.id,
      planId: own.plans[0]!.id,
      createdAt: index < 600 ? createdAt : new Date(createdAt.getTime() + index),
    }));
    await ctx.db.insert(bookings).values(rows);
    const response = await call('GET', `/api/v1/dsps/${own.dspId}/bookings/export`);
    expect(response.statusCode).toBe(200);
    const codes = response.body.slice(1).trim().split('\n').slice(1).map((line) => line.split(',')[0]);
    expect(codes).toHaveLength(rows.length);
    expect(new Set(codes).size).toBe(rows.length);
  });
});

describe('summary and stats', () => {
  let dspId: number;
  let holder: Holder;
  let serviceId: number;
  const dayOf = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const instants: Date[] = [];
  beforeAll(async () => {
    const own = await insertDspWithPlans(ctx, 'Contadores Asistencias', ['Plan Contadores']);
    dspId = own.dspId;
    const [service] = await ctx.db.insert(services).values({ planId: own.plans[0]!.id, name: 'Visita', unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id });
    serviceId = service!.id;
    holder = await newCustomer(dspId, own.plans[0]!.id);
    const now = Date.now();
    for (const hours of [-30, -11, -2, 0, 3, 13, 40]) instants.push(new Date(now + hours * 3_600_000));
    for (const at of instants) {
      const response = await book(holder, serviceId, at.toISOString(), {}, dspId);
      if (response.statusCode !== 201) throw new Error(response.body);
    }
    // One out of the chart's window, 40 days ago.
    const old = await book(holder, serviceId, new Date(now - 40 * 86_400_000).toISOString(), {}, dspId);
    await patchStatus(old.json().data.id, 'CANCELLED');
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Bogota'])('counts total and today in %s', async (timeZone) => {
    const response = await call('GET', `/api/v1/dsps/${dspId}/bookings/summary?tz=${timeZone}`);
    expect(response.statusCode, response.body).toBe(200);
    const today = dayOf(new Date(), timeZone);
    expect(response.json().data).toEqual({ total: 8, today: instants.filter((at) => dayOf(at, timeZone) === today).length, date: today });
  });

  it('counts today with the same filters as the total, the scheduled day included', async () => {
    const today = dayOf(new Date(), 'America/Bogota');
    const ofToday = instants.filter((at) => dayOf(at, 'America/Bogota') === today).length;
    const farDay = await call('GET', `/api/v1/dsps/${dspId}/bookings/summary?filter[scheduled_at]=2020-01-01&filter[status]=PENDING`);
    expect(farDay.json().data).toEqual({ total: 0, today: 0, date: today });
    const onToday = await call('GET', `/api/v1/dsps/${dspId}/bookings/summary?filter[scheduled_at]=${today}`);
    expect(onToday.json().data).toEqual({ total: ofToday, today: ofToday, date: today });
    const cancelledOnly = await call('GET', `/api/v1/dsps/${dspId}/bookings/summary?filter[status]=CANCELLED`);
    expect(cancelledOnly.json().data).toMatchObject({ total: 1, today: 0 });
  });

  it('the chart has 30 days ending today, zero-filled, by scheduled day and status', async () => {
    const timeZone = 'Asia/Kolkata';
    const response = await call('GET', `/api/v1/dsps/${dspId}/bookings/stats?tz=${timeZone}`);
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json().data.days as { date: string; PENDING: number; CONFIRMED: number; CANCELLED: number; CONSUMED: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.date).toBe(dayOf(new Date(), timeZone));
    expect(days[0]!.date).toBe(dayOf(new Date(Date.now() - 29 * 86_400_000), timeZone));
    const expected = new Map<string, number>();
    for (const at of instants) if (at.getTime() <= Date.now() || dayOf(at, timeZone) === days.at(-1)!.date) expected.set(dayOf(at, timeZone), (expected.get(dayOf(at, timeZone)) ?? 0) + 1);
    for (const day of days) {
      expect({ date: day.date, PENDING: day.PENDING }).toEqual({ date: day.date, PENDING: expected.get(day.date) ?? 0 });
      expect(day.CANCELLED + day.CONFIRMED + day.CONSUMED).toBe(0);
    }
    expect((await call('GET', `/api/v1/dsps/${dspId}/bookings/stats?tz=Bogota`)).statusCode).toBe(400);
  });
});

/** Listens on the bookings channel with a connection of its own, as the live stream does. */
async function listenToBookings(): Promise<{ events: unknown[]; stop: () => Promise<void> }> {
  const events: unknown[] = [];
  const client = (ctx.db as unknown as { $client: Record<string, unknown> }).$client;
  if (typeof client.listen === 'function') {
    const unlisten = await (client.listen as (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>)(BOOKING_CHANNEL, (payload) => events.push(JSON.parse(payload)));
    return { events, stop: unlisten };
  }
  const pool = client as unknown as Pool;
  const connection = await pool.connect();
  connection.on('notification', (message) => events.push(JSON.parse(message.payload!)));
  await connection.query(`listen ${BOOKING_CHANNEL}`);
  return {
    events,
    stop: async () => {
      await connection.query(`unlisten ${BOOKING_CHANNEL}`);
      connection.release();
    },
  };
}

describe('the live announcements', () => {
  it('every write announces itself once it commits; a refused one announces nothing', async () => {
    const listener = await listenToBookings();
    try {
      const holder = await newCustomer();
      const created = await booked(holder, svc.unlimited, '2027-10-01T10:00:00Z');
      await call('PUT', `/api/v1/bookings/${created.id}`, { notes: 'Nueva nota' });
      await patchStatus(created.id, 'CONFIRMED');
      expect((await patchStatus(created.id, 'CONFIRMED')).statusCode).toBe(422);
      await call('DELETE', `/api/v1/bookings/${created.id}`);
      const expected = [
        { id: created.id, dsp_id: dsp.dspId, kind: 'created', status: 'PENDING' },
        { id: created.id, dsp_id: dsp.dspId, kind: 'updated', status: 'PENDING' },
        { id: created.id, dsp_id: dsp.dspId, kind: 'status', status: 'CONFIRMED' },
        { id: created.id, dsp_id: dsp.dspId, kind: 'deleted', status: null },
      ];
      for (let waited = 0; listener.events.length < expected.length && waited < 3000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(listener.events).toEqual(expected);
    } finally {
      await listener.stop();
    }
  });
});

describe('who sees and changes what', () => {
  it('booking-dsps: every BOOKING or MIXED DSP with dsps.manage, else the assigned ones', async () => {
    const admin = (await call('GET', '/api/v1/booking-dsps')).json().data as { id: number; name: string; type: string }[];
    expect(admin).toEqual(expect.arrayContaining([{ id: dsp.dspId, name: 'Andes Asistencias', type: 'BOOKING' }, { id: other.dspId, name: 'Pacífico Asistencias', type: 'MIXED' }]));
    expect(admin.every((item) => item.type === 'BOOKING' || item.type === 'MIXED')).toBe(true);
    expect(admin.map((item) => item.name)).toEqual([...admin.map((item) => item.name)].sort((a, b) => a.localeCompare(b, 'es')));
    expect((await call('GET', '/api/v1/booking-dsps', undefined, operatorToken)).json().data).toEqual([{ id: dsp.dspId, name: 'Andes Asistencias', type: 'BOOKING' }]);
    expect((await call('GET', '/api/v1/booking-dsps', undefined, strangerToken)).json().data).toEqual([]);
  });

  it('an operator assigned to the DSP reads and writes its bookings; one who is not gets 404 everywhere', async () => {
    const holder = await newCustomer();
    const mine = await book(holder, svc.unlimited, '2027-03-10T10:00:00Z', {}, dsp.dspId, operatorToken);
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().data.id as number;
    expect((await call('GET', `/api/v1/bookings/${id}`, undefined, operatorToken)).statusCode).toBe(200);
    expect((await patchStatus(id, 'CONFIRMED', undefined, operatorToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/dsps/${dsp.dspId}/bookings`, undefined, operatorToken)).statusCode).toBe(200);
    const requests: [Method, string, Record<string, unknown>?][] = [
      ['GET', `/api/v1/dsps/${dsp.dspId}/bookings`],
      ['GET', `/api/v1/dsps/${dsp.dspId}/bookings/summary`],
      ['GET', `/api/v1/dsps/${dsp.dspId}/bookings/stats`],
      ['GET', `/api/v1/dsps/${dsp.dspId}/bookings/export`],
      ['POST', `/api/v1/dsps/${dsp.dspId}/bookings`, bookingBody(holder, svc.unlimited, '2027-03-10T10:00:00Z')],
      ['GET', `/api/v1/bookings/${id}`],
      ['GET', `/api/v1/bookings/${id}/history`],
      ['PUT', `/api/v1/bookings/${id}`, { notes: 'x' }],
      ['PATCH', `/api/v1/bookings/${id}/status`, { status: 'CANCELLED' }],
      ['GET', `/api/v1/bookings/${id}/deletion`],
      ['DELETE', `/api/v1/bookings/${id}`],
    ];
    for (const [method, url, payload] of requests) {
      const response = await call(method, url, payload, strangerToken);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await detail(id)).status).toBe('CONFIRMED');
  });

  it('a role with operations.view alone reads the bookings but changes nothing (403)', async () => {
    const [role] = await ctx.db.insert(roles).values({ name: 'Lector de agenda', slug: 'LECTOR_AGENDA' }).returning({ id: roles.id });
    const [view] = await ctx.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'operations.view'));
    await ctx.db.insert(rolePermissions).values({ roleId: role!.id, permissionId: view!.id });
    const readerId = await ctx.createUser({ email: 'lector.agenda@panel.test' });
    await ctx.db.insert(userRoles).values({ userId: readerId, roleId: role!.id });
    await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: readerId });
    const reader = await ctx.signIn('lector.agenda@panel.test');
    const holder = await newCustomer();
    const created = await booked(holder);
    expect((await call('GET', `/api/v1/bookings/${created.id}`, undefined, reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/dsps/${dsp.dspId}/bookings/summary`, undefined, reader)).statusCode).toBe(200);
    const writes: [Method, string, Record<string, unknown>?][] = [
      ['POST', `/api/v1/dsps/${dsp.dspId}/bookings`, bookingBody(holder, svc.unlimited, '2027-03-10T10:00:00Z')],
      ['PUT', `/api/v1/bookings/${created.id}`, { notes: 'x' }],
      ['PATCH', `/api/v1/bookings/${created.id}/status`, { status: 'CONFIRMED' }],
      ['DELETE', `/api/v1/bookings/${created.id}`],
    ];
    for (const [method, url, payload] of writes) expect((await call(method, url, payload, reader)).statusCode, `${method} ${url}`).toBe(403);
    expect((await detail(created.id)).status).toBe('PENDING');
  });

  it('the ADMIN role, without operations.view nor bookings.change-status, gets 403 reading and writing', async () => {
    await ctx.createUser({ email: 'admin.agenda@panel.test', roles: ['ADMIN'] });
    const adminRole = await ctx.signIn('admin.agenda@panel.test');
    const created = await booked(await newCustomer());
    for (const [method, url] of [
      ['GET', '/api/v1/booking-dsps'],
      ['GET', `/api/v1/dsps/${dsp.dspId}/bookings`],
      ['GET', `/api/v1/bookings/${created.id}`],
      ['PATCH', `/api/v1/bookings/${created.id}/status`],
      ['DELETE', `/api/v1/bookings/${created.id}`],
    ] as const) {
      const response = await call(method, url, method === 'PATCH' ? { status: 'CONFIRMED' } : undefined, adminRole);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
