import { ENTITLEMENT_STATUSES } from '@contract/entitlement.constants';
import { describe, expect, it } from 'vitest';
import { customers, entitlements } from '../../server/db/schema';
import { seedDemoCustomers } from '../../server/db/seed/demo-customers';
import { onDemoData } from './support/demo-context';

const demo = onDemoData('customer-demo');
const { get } = demo;

type DemoCustomer = {
  name: string;
  dni: string;
  email: string;
  meta: { city: string | null };
  entitlements: { status: string; status_histories: { old_status: string | null; new_status: string }[]; periods: { is_open: boolean }[] }[];
};

describe('the demo customers', () => {
  it('gives every demo DSP customers with subscriptions in every status, each with the history that led there', async () => {
    const dsps = (await get('/api/v1/dsps?limit=100&fields=id,name')).data as { id: number; name: string }[];
    expect(dsps.length).toBeGreaterThan(0);
    for (const dsp of dsps) {
      const page = (await get(`/api/v1/dsps/${dsp.id}/customers?limit=100&include=entitlements.plan,entitlements.periods,entitlements.status_histories`)).data as DemoCustomer[];
      expect(page.length, dsp.name).toBeGreaterThanOrEqual(3);
      for (const customer of page) {
        expect(customer.name).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]+( [A-ZÁÉÍÓÚ][a-záéíóúñ]+)+$/);
        expect(customer.dni).toMatch(/^\d{10}$/);
        expect(customer.email).toMatch(/^[a-z]+\.[a-z]+@correo-demo\.co$/);
        expect(customer.meta.city).toBeTruthy();
      }
      const subscriptions = page.flatMap((customer) => customer.entitlements);
      expect(new Set(subscriptions.map((item) => item.status)), dsp.name).toEqual(new Set(ENTITLEMENT_STATUSES));
      for (const item of subscriptions) {
        // Newest first: the latest change is where the subscription stands, and the first one starts from nothing.
        expect(item.status_histories[0]!.new_status).toBe(item.status);
        expect(item.status_histories.at(-1)!.old_status).toBeNull();
        expect(item.periods.filter((period) => period.is_open)).toHaveLength(item.status === 'ACTIVE' ? 1 : 0);
      }
    }
  });

  it('adds nothing when run again', async () => {
    const before = [(await demo.ctx.db.select().from(customers)).length, (await demo.ctx.db.select().from(entitlements)).length];
    expect(await seedDemoCustomers(demo.ctx.db)).toBe(0);
    expect([(await demo.ctx.db.select().from(customers)).length, (await demo.ctx.db.select().from(entitlements)).length]).toEqual(before);
  });

  it('makes believable sales: every payment method (some not recorded yet) and every sale status', async () => {
    const sales = (await get('/api/v1/sales?limit=300')).data as { status: string; payment_method: string | null; amount: string | null }[];
    expect(new Set(sales.map((sale) => sale.payment_method))).toEqual(new Set(['efectivo', 'tarjeta', 'transferencia', 'cheque', null]));
    expect(new Set(sales.map((sale) => sale.status))).toEqual(new Set(['pagado', 'pendiente', 'cancelado']));
    const summary = await get('/api/v1/sales/summary');
    expect(summary.count).toBe(sales.length);
  });
});
