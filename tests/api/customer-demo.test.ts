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
  phone: string | null;
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
        expect(customer.email).toMatch(/^[a-z]+\.[a-z]+@correo-demo\.[a-z]{2}$/);
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

  it('gives each DSP customers of its own country: its cities, its phone prefix, its identity document, its mail domain', async () => {
    /** What a person of each demo DSP's country looks like, written apart from the seed. */
    const LOCAL: Record<string, { cities: string[]; phone: RegExp; dni: RegExp; mail: string }> = {
      // Cédula: 8 to 10 digits; a mobile: 3xx xxx xxxx.
      CO: { cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Bucaramanga', 'Cartagena', 'Pereira'], phone: /^\+57 3\d{2} \d{3} \d{4}$/, dni: /^\d{8,10}$/, mail: '.co' },
      // DNI: 8 digits; a mobile: 9xx xxx xxx.
      PE: { cities: ['Lima', 'Arequipa', 'Trujillo'], phone: /^\+51 9\d{2} \d{3} \d{3}$/, dni: /^\d{8}$/, mail: '.pe' },
      // CURP: 4 letters, birth date, sex, state, 3 consonants, 2 checks; a number: area code and 8 digits.
      MX: { cities: ['Ciudad de México', 'Guadalajara', 'Monterrey'], phone: /^\+52 \d{2} \d{4} \d{4}$/, dni: /^[A-Z]{4}\d{6}[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/, mail: '.mx' },
    };
    const dsps = (await get('/api/v1/dsps?limit=100&fields=id,name,country_id')).data as { id: number; name: string; country_id: number }[];
    for (const dsp of dsps) {
      const { code } = (await get(`/api/v1/countries/${dsp.country_id}`)) as { code: string };
      const local = LOCAL[code];
      expect(local, `${dsp.name} (${code})`).toBeDefined();
      const page = (await get(`/api/v1/dsps/${dsp.id}/customers?limit=100`)).data as DemoCustomer[];
      for (const customer of page) {
        const who = `${customer.name} of ${dsp.name}`;
        expect(local!.cities, who).toContain(customer.meta.city);
        expect(customer.phone, who).toMatch(local!.phone);
        expect(customer.dni, who).toMatch(local!.dni);
        expect(customer.email.endsWith(local!.mail), who).toBe(true);
      }
    }
  });

  it('sells each DSP’s plans in its own country’s currency', async () => {
    const plans = (await get('/api/v1/plans?limit=100&include=campaign')).data as { currency: string | null; campaign: { id: number } }[];
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      const campaign = (await get(`/api/v1/campaigns/${plan.campaign.id}?include=country`)) as { currency: string; country: { id: number } };
      const country = (await get(`/api/v1/countries/${campaign.country.id}`)) as { currency: string };
      expect([plan.currency, campaign.currency]).toEqual([country.currency, country.currency]);
    }
    const currencies = new Set(((await get('/api/v1/sales?limit=300')).data as { currency: string }[]).map((sale) => sale.currency));
    expect(currencies).toEqual(new Set(['COP', 'PEN', 'MXN']));
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
