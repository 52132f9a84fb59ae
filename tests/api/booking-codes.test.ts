import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dsps, services } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import type * as Rules from '../../server/modules/bookings/rules';

// The codes drawn, in order: the second booking draws the first one's code again, then another.
const drawn = vi.hoisted(() => ['AG-AAAAAAAA', 'AG-AAAAAAAA', 'AG-BBBBBBBB']);
vi.mock('../../server/modules/bookings/rules', async (original) => ({
  ...(await original<typeof Rules>()),
  newBookingCode: () => drawn.shift() ?? 'AG-CCCCCCCC',
}));

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

describe('booking codes', () => {
  it('draws the code again when it is already taken', async () => {
    const dsp = await insertDspWithPlans(ctx, 'Códigos Asistencias', ['Plan Códigos']);
    await ctx.db.update(dsps).set({ type: 'BOOKING' }).where(eq(dsps.id, dsp.dspId));
    const [service] = await ctx.db.insert(services).values({ planId: dsp.plans[0]!.id, name: 'Visita', unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id });
    const customer = await ctx.inject({
      method: 'POST',
      url: `/api/v1/dsps/${dsp.dspId}/customers`,
      headers: bearer(token),
      payload: { dni: '777', name: 'Cliente Códigos', email: 'codigos@agenda.test', password: 'Clave-Segura-1', password_confirmation: 'Clave-Segura-1', plan_id: [dsp.plans[0]!.id] },
    });
    const payload = {
      customer_id: customer.json().data.id,
      entitlement_id: customer.json().data.entitlements[0].id,
      plan_service_id: service!.id,
      scheduled_at: '2027-05-05T10:00:00-05:00',
    };
    const book = () => ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dsp.dspId}/bookings`, headers: bearer(token), payload });
    const first = await book();
    const second = await book();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect([first.json().data.code_ref, second.json().data.code_ref]).toEqual(['AG-AAAAAAAA', 'AG-BBBBBBBB']);
  });
});
