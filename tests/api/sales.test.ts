import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dspUsers, plans } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { insertSale } from './support/sale-rows';

let ctx: TestContext;
let adminToken: string;
let assignedToken: string;
let unassignedToken: string;
let andes: Awaited<ReturnType<typeof insertDspWithPlans>>;
let caribe: Awaited<ReturnType<typeof insertDspWithPlans>>;
/** The sales written in beforeAll, by what each shows. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  andes = await insertDspWithPlans(ctx, 'Andes Ventas', ['Plan Hogar', 'Plan Auto']);
  // Caribe sells in Ecuador, in dollars.
  caribe = await insertDspWithPlans(ctx, 'Caribe Ventas', ['Plan Viaje'], 'EC');
  await ctx.db.update(plans).set({ price: '150000.00' }).where(eq(plans.id, andes.plans[0]!.id));
  await ctx.db.update(plans).set({ price: '89900.50' }).where(eq(plans.id, andes.plans[1]!.id));
  await ctx.db.update(plans).set({ price: '2.99' }).where(eq(plans.id, caribe.plans[0]!.id));
  const hogar = andes.plans[0]!.id;
  const auto = andes.plans[1]!.id;
  // 2026-03-01 03:00 UTC is still 28 February in Bogotá (UTC−5).
  ids.active = (await insertSale(ctx, { dspId: andes.dspId, planId: hogar, name: 'Laura Ríos', status: 'ACTIVE', paymentMethod: 'tarjeta', createdAt: new Date('2026-03-01T03:00:00Z') })).entitlementId;
  ids.expired = (await insertSale(ctx, { dspId: andes.dspId, planId: auto, status: 'EXPIRED', paymentMethod: 'efectivo', createdAt: new Date('2026-03-01T06:00:00Z') })).entitlementId;
  ids.pending = (await insertSale(ctx, { dspId: andes.dspId, planId: hogar, status: 'PENDING', createdAt: new Date('2026-03-10T15:00:00Z') })).entitlementId;
  ids.suspended = (await insertSale(ctx, { dspId: andes.dspId, planId: auto, email: 'pedro.suspendido@ventas.test', status: 'SUSPENDED', paymentMethod: 'cheque', createdAt: new Date('2026-03-20T15:00:00Z') })).entitlementId;
  ids.cancelled = (await insertSale(ctx, { dspId: andes.dspId, planId: hogar, status: 'CANCELLED', paymentMethod: 'transferencia', createdAt: new Date('2026-03-31T23:00:00Z') })).entitlementId;
  ids.caribe = (await insertSale(ctx, { dspId: caribe.dspId, planId: caribe.plans[0]!.id, status: 'ACTIVE', paymentMethod: 'transferencia', createdAt: new Date('2026-03-15T15:00:00Z') })).entitlementId;
  const assignedId = await ctx.createUser({ email: 'operadora.ventas@panel.test', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: andes.dspId, userId: assignedId });
  await ctx.createUser({ email: 'operador.sin.dsp@panel.test', roles: ['OPERATOR'] });
  assignedToken = await ctx.signIn('operadora.ventas@panel.test');
  unassignedToken = await ctx.signIn('operador.sin.dsp@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, token = adminToken) => ctx.inject({ method: 'GET', url, headers: bearer(token) });
type SaleRow = { id: number; status: string; amount: string | null; payment_method: string | null } & Record<string, unknown>;
const idsOf = async (query = '', token = adminToken): Promise<number[]> => {
  const response = await get(`/api/v1/sales${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.data as SaleRow[]).map((row) => row.id);
};
const summaryOf = async (query = '', token = adminToken) => {
  const response = await get(`/api/v1/sales/summary${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('GET /api/v1/sales', () => {
  it('lists one sale per subscription, newest first, with customer, DSP, plan, amount in its plan’s currency and payment method', async () => {
    const response = await get('/api/v1/sales');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data;
    expect(page.data.map((row: SaleRow) => row.id)).toEqual([ids.cancelled, ids.suspended, ids.caribe, ids.pending, ids.expired, ids.active]);
    expect(page).toMatchObject({ total: 6, per_page: 15, current_page: 1 });
    expect(page.data.at(-1)).toEqual({
      id: ids.active,
      created_at: '2026-03-01T03:00:00.000Z',
      customer: { id: expect.any(Number), name: 'Laura Ríos', email: expect.stringContaining('@ventas.test') },
      dsp: { id: andes.dspId, name: 'Andes Ventas' },
      plan: { id: andes.plans[0]!.id, name: 'Plan Hogar' },
      amount: '150000.00',
      currency: 'COP',
      payment_method: 'tarjeta',
      status: 'pagado',
    });
    // The plan's campaign is in Ecuador: its sale is in dollars.
    expect(page.data.find((row: SaleRow) => row.id === ids.caribe)).toMatchObject({ amount: '2.99', currency: 'USD' });
  });

  it('maps the subscription status: pagado = ACTIVE or EXPIRED, pendiente = PENDING or SUSPENDED, cancelado = CANCELLED', async () => {
    expect(await idsOf('?filter[status]=pagado')).toEqual([ids.caribe, ids.expired, ids.active]);
    expect(await idsOf('?filter[status]=pendiente')).toEqual([ids.suspended, ids.pending]);
    expect(await idsOf('?filter[status]=cancelado')).toEqual([ids.cancelled]);
    const rows = (await get('/api/v1/sales?filter[status]=pendiente')).json().data.data as SaleRow[];
    expect(rows.map((row) => row.status)).toEqual(['pendiente', 'pendiente']);
  });

  it('filters by payment method, DSP and customer name or e-mail (ignoring case and accents)', async () => {
    expect(await idsOf('?filter[payment_method]=transferencia')).toEqual([ids.cancelled, ids.caribe]);
    expect(await idsOf(`?filter[dsp_id]=${caribe.dspId}`)).toEqual([ids.caribe]);
    expect(await idsOf('?filter[q]=laura rios')).toEqual([ids.active]);
    expect(await idsOf('?q=PEDRO.SUSPENDIDO')).toEqual([ids.suspended]);
  });

  it('filters by Bogotá days, both ends inclusive', async () => {
    // 03:00 UTC on 1 March is 28 February in Bogotá; 23:00 UTC on 31 March is still the 31st there.
    expect(await idsOf('?filter[from]=2026-03-01&filter[to]=2026-03-01')).toEqual([ids.expired]);
    expect(await idsOf('?filter[to]=2026-02-28')).toEqual([ids.active]);
    expect(await idsOf('?filter[from]=2026-03-31')).toEqual([ids.cancelled]);
    expect(await idsOf('?filter[from]=2026-03-10&filter[to]=2026-03-20')).toEqual([ids.suspended, ids.caribe, ids.pending]);
  });

  it('refuses a bad filter with a 400 that says what is allowed', async () => {
    const status = await get('/api/v1/sales?filter[status]=ACTIVE');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe('El filtro status admite: pendiente, pagado, cancelado.');
    const method = await get('/api/v1/sales?filter[payment_method]=bitcoin');
    expect(method.json().message).toBe('El filtro payment_method admite: efectivo, tarjeta, transferencia, cheque.');
    const day = await get('/api/v1/sales?filter[from]=2026-02-30');
    expect(day.statusCode).toBe(400);
    expect(day.json().message).toContain('AAAA-MM-DD');
    expect((await get('/api/v1/sales?filter[precio]=1')).statusCode).toBe(400);
  });

  it('sorts by amount and pages like every list', async () => {
    expect(await idsOf('?sort=amount&filter[dsp_id]=' + andes.dspId + '&filter[status]=pagado')).toEqual([ids.expired, ids.active]);
    const page = (await get('/api/v1/sales?limit=2&page=2')).json().data;
    expect(page.data.map((row: SaleRow) => row.id)).toEqual([ids.caribe, ids.pending]);
    expect(page).toMatchObject({ total: 6, last_page: 3, from: 3, to: 4 });
  });
});

describe('GET /api/v1/sales/summary', () => {
  it('counts and sums every filtered sale, not only a page, one total per currency and never across them', async () => {
    expect(await summaryOf()).toEqual({
      count: 6,
      totals: [
        { currency: 'COP', count: 5, total_amount: '629801.00' },
        { currency: 'USD', count: 1, total_amount: '2.99' },
      ],
    });
    expect(await summaryOf('?filter[status]=pagado')).toEqual({
      count: 3,
      totals: [
        { currency: 'COP', count: 2, total_amount: '239900.50' },
        { currency: 'USD', count: 1, total_amount: '2.99' },
      ],
    });
    expect(await summaryOf(`?filter[dsp_id]=${andes.dspId}&filter[payment_method]=cheque`)).toEqual({ count: 1, totals: [{ currency: 'COP', count: 1, total_amount: '89900.50' }] });
    expect(await summaryOf('?filter[q]=nadie-se-llama-asi')).toEqual({ count: 0, totals: [] });
  });

  it('keeps the currencies apart also when dates ask for the sales themselves', async () => {
    expect(await summaryOf('?filter[from]=2026-03-10&filter[to]=2026-03-20')).toEqual({
      count: 3,
      totals: [
        { currency: 'COP', count: 2, total_amount: '239900.50' },
        { currency: 'USD', count: 1, total_amount: '2.99' },
      ],
    });
  });

  it('refuses a bad filter as the list does', async () => {
    expect((await get('/api/v1/sales/summary?filter[status]=todo')).statusCode).toBe(400);
  });
});

describe('who sees whose sales', () => {
  it('shows staff assigned to a DSP only its sales, in the list and the totals', async () => {
    expect(await idsOf('', assignedToken)).toEqual([ids.cancelled, ids.suspended, ids.pending, ids.expired, ids.active]);
    expect(await summaryOf('', assignedToken)).toEqual({ count: 5, totals: [{ currency: 'COP', count: 5, total_amount: '629801.00' }] });
    expect(await idsOf(`?filter[dsp_id]=${caribe.dspId}`, assignedToken)).toEqual([]);
  });

  it('shows staff assigned to no DSP no sales at all', async () => {
    expect(await idsOf('', unassignedToken)).toEqual([]);
    expect(await summaryOf('', unassignedToken)).toEqual({ count: 0, totals: [] });
  });

  it('asks for a session', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/sales' })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/sales/summary' })).statusCode).toBe(401);
  });
});

describe('a subscription records its payment method', () => {
  it('is accepted when subscribing and answered on reads and in the sales', async () => {
    const { customerId } = await insertSale(ctx, { dspId: andes.dspId, planId: andes.plans[1]!.id, status: 'CANCELLED', createdAt: new Date('2025-01-01T12:00:00Z') });
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/v1/entitlements',
      headers: bearer(adminToken),
      payload: { dsp_id: andes.dspId, customer_id: customerId, plan_id: andes.plans[0]!.id, payment_method: 'efectivo' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.payment_method).toBe('efectivo');
    const id = created.json().data.id as number;
    expect((await get(`/api/v1/entitlements/${id}`)).json().data.payment_method).toBe('efectivo');
    const newest = (await get('/api/v1/sales?limit=1')).json().data.data[0];
    expect(newest).toMatchObject({ id, payment_method: 'efectivo', status: 'pagado', amount: '150000.00' });
  });

  it('refuses a method that is not one of the four, in Spanish on the field', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/v1/entitlements',
      headers: bearer(adminToken),
      payload: { dsp_id: andes.dspId, customer_id: 1, plan_id: andes.plans[0]!.id, payment_method: 'bitcoin' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.payment_method).toEqual(['El método de pago debe ser efectivo, tarjeta, transferencia, cheque.']);
  });
});
