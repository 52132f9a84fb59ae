import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, dspUsers, entitlements, plans } from '../../server/db/schema';
import { EXPORT_BATCH } from '../../server/http/list-export';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { insertSale } from './support/sale-rows';

let ctx: TestContext;
let adminToken: string;
let assignedToken: string;
let andes: Awaited<ReturnType<typeof insertDspWithPlans>>;
let caribe: Awaited<ReturnType<typeof insertDspWithPlans>>;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  andes = await insertDspWithPlans(ctx, 'Andes Exporta', ['Plan Hogar', 'Plan Auto']);
  caribe = await insertDspWithPlans(ctx, 'Caribe Exporta', ['Plan Viaje']);
  await ctx.db.update(plans).set({ price: '150000.00' }).where(eq(plans.id, andes.plans[0]!.id));
  const assignedId = await ctx.createUser({ email: 'operadora.exporta@panel.test', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: andes.dspId, userId: assignedId });
  assignedToken = await ctx.signIn('operadora.exporta@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, token = adminToken) => ctx.inject({ method: 'GET', url, headers: bearer(token) });
/** The CSV's lines after its byte-order mark, checking the BOM is there. */
const csvLines = (payload: Buffer) => {
  expect(payload.subarray(0, 3)).toEqual(BOM);
  return payload.subarray(3).toString('utf8').trim().split('\n');
};

describe('GET /api/v1/sales/export', () => {
  it('streams the filtered sales as a CSV Excel opens with its accents right, newest first', async () => {
    await insertSale(ctx, { dspId: andes.dspId, planId: andes.plans[0]!.id, name: 'Laura Ríos', email: 'laura@exporta.test', status: 'SUSPENDED', paymentMethod: 'tarjeta', createdAt: new Date('2026-03-01T03:00:00Z') });
    await insertSale(ctx, { dspId: andes.dspId, planId: andes.plans[1]!.id, name: 'Ñandú Pérez', email: 'nandu@exporta.test', status: 'ACTIVE', createdAt: new Date('2026-03-02T15:30:00Z') });
    await insertSale(ctx, { dspId: caribe.dspId, planId: caribe.plans[0]!.id, name: 'Otra DSP', status: 'ACTIVE', paymentMethod: 'efectivo', createdAt: new Date('2026-03-03T15:30:00Z') });
    const response = await get(`/api/v1/sales/export?filter[dsp_id]=${andes.dspId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ventas-${today()}.csv"`);
    expect(csvLines(response.rawPayload)).toEqual([
      'Fecha,Cliente,Email,DSP,Plan,Monto,Moneda,Método de pago,Estado',
      '2026-03-02 10:30,Ñandú Pérez,nandu@exporta.test,Andes Exporta,Plan Auto,,,,Pagado',
      '2026-02-28 22:00,Laura Ríos,laura@exporta.test,Andes Exporta,Plan Hogar,150000.00,COP,Tarjeta,Pendiente',
    ]);
  });

  it('takes the list’s filters and refuses a bad one with a 400 before any CSV', async () => {
    const pending = csvLines((await get(`/api/v1/sales/export?filter[status]=pendiente&filter[dsp_id]=${andes.dspId}`)).rawPayload);
    expect(pending).toHaveLength(2);
    expect(pending[1]).toContain('Laura Ríos');
    const refused = await get('/api/v1/sales/export?filter[status]=ACTIVE');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/json');
  });

  it('exports only the sales of the DSPs the person sees', async () => {
    const lines = csvLines((await get('/api/v1/sales/export', assignedToken)).rawPayload);
    expect(lines.slice(1).every((line) => line.includes('Andes Exporta'))).toBe(true);
    expect(lines.some((line) => line.includes('Caribe Exporta'))).toBe(false);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/sales/export' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/dsps/:dspId/customers/export', () => {
  it('streams the DSP’s filtered customers with the plans they hold, cells that look like formulas neutralised', async () => {
    const [customer] = await ctx.db
      .insert(customers)
      .values({
        dspId: andes.dspId,
        dni: '52.123.456',
        name: '=HYPERLINK("http://malo.test","Clic")',
        email: 'formula@exporta.test',
        phone: '+57 300 555 0101',
        meta: { address: '@Calle 10 # 5-20', city: 'Bogotá' },
        passwordHash: 'x',
        createdAt: new Date('2026-04-01T12:00:00Z'),
      })
      .returning({ id: customers.id });
    await ctx.db.insert(entitlements).values([
      { customerId: customer!.id, dspId: andes.dspId, planId: andes.plans[0]!.id, status: 'ACTIVE' },
      { customerId: customer!.id, dspId: andes.dspId, planId: andes.plans[1]!.id, status: 'CANCELLED' },
    ]);
    const response = await get(`/api/v1/dsps/${andes.dspId}/customers/export?filter[q]=formula@`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="clientes-${today()}.csv"`);
    expect(csvLines(response.rawPayload)).toEqual([
      'DNI,Nombre,Email,Teléfono,Dirección,Ciudad,Planes,Creado',
      `52.123.456,"'=HYPERLINK(""http://malo.test"",""Clic"")",formula@exporta.test,'+57 300 555 0101,'@Calle 10 # 5-20,Bogotá,Plan Hogar,2026-04-01 07:00`,
    ]);
  });

  it('exports only that DSP’s customers and refuses a bad filter with a 400', async () => {
    const lines = csvLines((await get(`/api/v1/dsps/${caribe.dspId}/customers/export`)).rawPayload);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Otra DSP']);
    expect((await get(`/api/v1/dsps/${caribe.dspId}/customers/export?filter[color]=azul`)).statusCode).toBe(400);
  });

  it('answers 404, not 403, for a DSP the person is not assigned to or that does not exist', async () => {
    for (const url of [`/api/v1/dsps/${caribe.dspId}/customers/export`, '/api/v1/dsps/999999/customers/export']) {
      const response = await get(url, assignedToken);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('La DSP no existe.');
    }
    expect((await get(`/api/v1/dsps/${andes.dspId}/customers/export`, assignedToken)).statusCode).toBe(200);
  });
});

describe('a large export', () => {
  it('streams every row, in batches, without a cap, duplicates or gaps, even when rows share their date', async () => {
    const big = await insertDspWithPlans(ctx, 'Masiva', ['Plan Masivo']);
    const total = 5 * EXPORT_BATCH + 7;
    // One insert: every row gets the same created_at, so only the id tells the batches apart.
    const rows = await ctx.db
      .insert(customers)
      .values(Array.from({ length: total }, (_, index) => ({ dspId: big.dspId, dni: `M-${index}`, name: `Cliente ${index}`, email: `m${index}@masiva.test`, passwordHash: 'x' })))
      .returning({ id: customers.id });
    await ctx.db.insert(entitlements).values(rows.map((row) => ({ customerId: row.id, dspId: big.dspId, planId: big.plans[0]!.id, status: 'ACTIVE' as const })));

    const sales = await get(`/api/v1/sales/export?filter[dsp_id]=${big.dspId}`);
    expect(sales.statusCode).toBe(200);
    const saleLines = csvLines(sales.rawPayload).slice(1);
    expect(saleLines).toHaveLength(total);
    expect(new Set(saleLines.map((line) => line.split(',')[2])).size).toBe(total);

    const list = await get(`/api/v1/dsps/${big.dspId}/customers/export`);
    expect(list.statusCode).toBe(200);
    const customerLines = csvLines(list.rawPayload).slice(1);
    expect(customerLines).toHaveLength(total);
    expect(new Set(customerLines.map((line) => line.split(',')[0])).size).toBe(total);
    expect(customerLines[0]!.startsWith(`M-${total - 1},`)).toBe(true);
  }, 120_000);
});
