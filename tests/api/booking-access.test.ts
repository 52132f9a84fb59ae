import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { dspUsers, dsps, services, users } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { describePermissionMatrix, signInAsEveryRole, type RoleTokens } from './support/roles';

/**
 * Every bookings endpoint against every role with its default permissions, each person assigned to
 * the DSP (so visibility lets them through): reading needs operations.view (SUPER_ADMIN,
 * BUSINESS_LEADER, OPERATOR), writing bookings.change-status (the same three); ADMIN has neither.
 */
let ctx: TestContext;
let tokens: RoleTokens;
let dspId: number;
let serviceId: number;
let holder: { customerId: number; entitlementId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  tokens = await signInAsEveryRole(ctx, 'agenda-matrix');
  const dsp = await insertDspWithPlans(ctx, 'Matriz Asistencias', ['Plan Matriz']);
  dspId = dsp.dspId;
  await ctx.db.update(dsps).set({ type: 'BOOKING' }).where(eq(dsps.id, dspId));
  const [service] = await ctx.db.insert(services).values({ planId: dsp.plans[0]!.id, name: 'Visita', unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id });
  serviceId = service!.id;
  const staff = await ctx.db.select({ id: users.id }).from(users).where(like(users.email, 'agenda-matrix-%'));
  await ctx.db.insert(dspUsers).values(staff.map((user) => ({ dspId, userId: user.id })));
  const customer = await ctx.inject({
    method: 'POST',
    url: `/api/v1/dsps/${dspId}/customers`,
    headers: bearer(tokens.SUPER_ADMIN),
    payload: { dni: '555', name: 'Cliente Matriz', email: 'matriz@agenda.test', password: 'Clave-Segura-1', password_confirmation: 'Clave-Segura-1', plan_id: [dsp.plans[0]!.id] },
  });
  holder = { customerId: customer.json().data.id, entitlementId: customer.json().data.entitlements[0].id };
});
afterAll(async () => {
  await ctx?.close();
});

const body = () => ({ customer_id: holder.customerId, entitlement_id: holder.entitlementId, plan_service_id: serviceId, scheduled_at: '2027-05-05T10:00:00-05:00' });
/** A new booking, made by the super admin, for a request that changes or deletes it. */
async function fresh(): Promise<number> {
  const response = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/bookings`, headers: bearer(tokens.SUPER_ADMIN), payload: body() });
  return response.json().data.id;
}

const READERS = ['SUPER_ADMIN', 'BUSINESS_LEADER', 'OPERATOR'] as const;

describePermissionMatrix(
  () => ctx,
  () => tokens,
  [
    { name: 'GET booking-dsps', allowed: READERS, request: () => ({ method: 'GET', url: '/api/v1/booking-dsps' }) },
    { name: 'GET list', allowed: READERS, request: () => ({ method: 'GET', url: `/api/v1/dsps/${dspId}/bookings?include=customer,service` }) },
    { name: 'GET summary', allowed: READERS, request: () => ({ method: 'GET', url: `/api/v1/dsps/${dspId}/bookings/summary?tz=America/Lima` }) },
    { name: 'GET stats', allowed: READERS, request: () => ({ method: 'GET', url: `/api/v1/dsps/${dspId}/bookings/stats` }) },
    { name: 'GET detail', allowed: READERS, request: async () => ({ method: 'GET', url: `/api/v1/bookings/${await fresh()}?include=status_histories` }) },
    { name: 'GET history', allowed: READERS, request: async () => ({ method: 'GET', url: `/api/v1/bookings/${await fresh()}/history` }) },
    { name: 'POST create', allowed: READERS, status: 201, request: () => ({ method: 'POST', url: `/api/v1/dsps/${dspId}/bookings`, payload: body() }) },
    { name: 'PUT update', allowed: READERS, request: async () => ({ method: 'PUT', url: `/api/v1/bookings/${await fresh()}`, payload: { notes: 'Nota' } }) },
    { name: 'PATCH status', allowed: READERS, request: async () => ({ method: 'PATCH', url: `/api/v1/bookings/${await fresh()}/status`, payload: { status: 'CONFIRMED' } }) },
    { name: 'GET deletion', allowed: READERS, request: async () => ({ method: 'GET', url: `/api/v1/bookings/${await fresh()}/deletion` }) },
    { name: 'DELETE', allowed: READERS, request: async () => ({ method: 'DELETE', url: `/api/v1/bookings/${await fresh()}` }) },
  ],
);
