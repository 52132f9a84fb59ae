import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsps, services } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

/**
 * Makes the next insert of a booking take the first booking's code, once: a trigger counting with
 * a sequence (which, unlike a table, keeps its count when the failed insert rolls back). The codes
 * are random, so a collision cannot be had otherwise; this file's database is its own.
 */
async function collideOnce(ctx: TestContext) {
  await ctx.db.execute(sql`create sequence booking_code_collisions`);
  await ctx.db.execute(sql`
    create function collide_booking_code() returns trigger language plpgsql as $$
    begin
      if nextval('booking_code_collisions') = 1 then
        new.code_ref := (select code_ref from bookings order by id limit 1);
      end if;
      return new;
    end $$`);
  await ctx.db.execute(sql`create trigger collide_booking_code before insert on bookings for each row execute function collide_booking_code()`);
}

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
    await collideOnce(ctx);
    const second = await book();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.code_ref).toMatch(/^AG-[2-9A-HJKMNP-Z]{8}$/);
    expect(second.json().data.code_ref).not.toBe(first.json().data.code_ref);
    // The first draw collided and was refused; the booking is the second draw's.
    const [sequence] = await ctx.db.select({ tries: sql<string>`last_value` }).from(sql`booking_code_collisions`);
    expect(Number(sequence?.tries)).toBe(2);
  });
});
