import { BOOKINGS_CSV_HEADER } from '@contract/booking.constants';
import { CUSTOMERS_CSV_HEADER, SALES_CSV_HEADER } from '@contract/sale.constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, campaigns, categories, countries, customers, dspUsers, dsps, entitlements, plans, services, sponsors } from '../../server/db/schema';
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

describe('every list’s export, on the one path', () => {
  const MARK = 'Inyeccion7';
  /** A moment whose Colombian day is the day before its UTC one. */
  const LATE = new Date('2026-05-01T02:15:00Z');
  const LATE_IN_BOGOTA = '2026-04-30 21:15';
  let ids: Record<'sponsor' | 'campaign' | 'plan' | 'service' | 'category' | 'dsp' | 'customer' | 'user', number>;

  beforeAll(async () => {
    const [co] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
    const [sponsor] = await ctx.db.insert(sponsors).values({ name: `=SUMA(1;1) ${MARK}`, countryId: co!.id, createdAt: LATE }).returning({ id: sponsors.id });
    await ctx.db.insert(sponsors).values({ name: `Zeta ${MARK}`, countryId: co!.id });
    const [campaign] = await ctx.db
      .insert(campaigns)
      .values({ name: `+${MARK} campaña`, sponsorId: sponsor!.id, countryId: co!.id, budget: '2500000.00', startDate: '2026-06-01', status: 'ACTIVE' })
      .returning({ id: campaigns.id });
    const [plan] = await ctx.db
      .insert(plans)
      .values({ campaignId: campaign!.id, name: `-${MARK} plan`, description: 'x', price: '99000.50', autoRenew: true, createdAt: LATE })
      .returning({ id: plans.id });
    const [service] = await ctx.db
      .insert(services)
      .values({ planId: plan!.id, name: `@${MARK} servicio`, coverageAmount: '150000', unlimitedEvents: true })
      .returning({ id: services.id });
    const [category] = await ctx.db.insert(categories).values({ name: `\t${MARK} categoría` }).returning({ id: categories.id });
    const [dsp] = await ctx.db.insert(dsps).values({ name: `=${MARK} DSP`, countryId: co!.id, sponsorId: sponsor!.id, type: 'MIXED' }).returning({ id: dsps.id });
    const sale = await insertSale(ctx, { dspId: dsp!.id, planId: plan!.id, name: `-${MARK} cliente`, paymentMethod: 'efectivo', createdAt: LATE });
    await ctx.db.insert(bookings).values({
      codeRef: 'AG-INYECT01',
      scheduledAt: LATE,
      dspId: dsp!.id,
      customerId: sale.customerId,
      entitlementId: sale.entitlementId,
      planServiceId: service!.id,
      planId: plan!.id,
      notes: `=${MARK}()`,
      createdAt: LATE,
    });
    const user = await ctx.createUser({ email: 'inyeccion@exporta.test', name: `\r${MARK} usuaria`, roles: ['OPERATOR'] });
    ids = { sponsor: sponsor!.id, campaign: campaign!.id, plan: plan!.id, service: service!.id, category: category!.id, dsp: dsp!.id, customer: sale.customerId, user };
    const renamed = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${sponsor!.id}`, headers: bearer(adminToken), payload: { name: `=SUMA(2;2) ${MARK}` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  /** The export's rows but its header, each a line, after checking the answer is a CSV file with a BOM. */
  const exported = async (url: string, file: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}-${today()}.csv"`);
    return csvLines(response.rawPayload);
  };

  it.each([
    ['sponsors', () => `/api/v1/sponsors/export?filter[q]=${MARK}&sort=name`, 'sponsors', 'ID,Nombre,País,Sitio web,Creado,Actualizado', (id: typeof ids) => `${id.sponsor},'=SUMA(2;2) ${MARK},Colombia,,${LATE_IN_BOGOTA},`],
    ['campaigns', () => `/api/v1/campaigns/export?filter[q]=${MARK}`, 'campanas', 'ID,Nombre,Sponsor,País,Estado,Inicio,Fin,Presupuesto,Moneda,Descripción,Creado', (id: typeof ids) => `${id.campaign},'+${MARK} campaña,'=SUMA(2;2) ${MARK},Colombia,Activa,2026-06-01,,2500000.00,COP,,`],
    ['plans', () => `/api/v1/plans/export?filter[q]=${MARK}`, 'planes', 'ID,Nombre,Campaña,Sponsor,Estado,Precio,Moneda,Permanencia (meses),Días de prueba,Renovación automática,Código Apolo,Creado', (id: typeof ids) => `${id.plan},'-${MARK} plan,'+${MARK} campaña,'=SUMA(2;2) ${MARK},Borrador,99000.50,COP,`],
    ['services', () => `/api/v1/services/export?filter[q]=${MARK}`, 'servicios', 'ID,Nombre,Plan,Campaña,Categoría,Cobertura,Moneda,Eventos,Periodo,Activo,Código Apolo,Creado', (id: typeof ids) => `${id.service},'@${MARK} servicio,'-${MARK} plan,'+${MARK} campaña,,150000.00,COP,Ilimitados,,Sí,,`],
    ['categories', () => `/api/v1/categories/export?filter[q]=${MARK}`, 'categorias', 'ID,Nombre,Padre,Descripción,Creado', (id: typeof ids) => `${id.category},'\t${MARK} categoría,,,`],
    ['users', () => `/api/v1/users/export?filter[q]=inyeccion@exporta`, 'usuarios', 'ID,Nombre,DNI,Email,Teléfono,País,Roles,Activo,Segundo factor,Creado', (id: typeof ids) => `${id.user},"'\r${MARK} usuaria",,inyeccion@exporta.test,,,Operador,Sí,`],
    ['DSPs', () => `/api/v1/dsps/export?filter[q]=${MARK}`, 'dsps', 'ID,Nombre,Tipo,Sponsor,País,Email,Teléfono,Teléfono secundario,Dirección,Sitio web,Habilitada,Creado', (id: typeof ids) => `${id.dsp},'=${MARK} DSP,Mixto,'=SUMA(2;2) ${MARK},Colombia,,,,,,Sí,`],
    ['customers', () => `/api/v1/dsps/${ids.dsp}/customers/export`, 'clientes', CUSTOMERS_CSV_HEADER.join(','), () => `,'-${MARK} cliente,`],
    ['bookings', () => `/api/v1/dsps/${ids.dsp}/bookings/export?filter[customer_id]=${ids.customer}`, 'agendamientos', BOOKINGS_CSV_HEADER.join(','), () => `AG-INYECT01,Pendiente,${LATE_IN_BOGOTA},'-${MARK} cliente,`],
    ['sales', () => `/api/v1/sales/export?filter[q]=${MARK}`, 'ventas', SALES_CSV_HEADER.join(','), () => `${LATE_IN_BOGOTA},'-${MARK} cliente,`],
    ['audit', () => `/api/v1/audit/export?filter[resource]=sponsor&filter[resource_id]=${ids.sponsor}`, 'auditoria', 'Fecha,Persona,Acción,Recurso,ID,Registro,Cambios,Lote', (id: typeof ids) => `,cambió,Sponsor,${id.sponsor},'=SUMA(2;2) ${MARK},el nombre: =SUMA(1;1) ${MARK} → =SUMA(2;2) ${MARK}`],
  ])('%s: Spanish headers, the formula guard, es-CO dates and money', async (_name, url, file, header, row) => {
    const [head, ...rows] = await exported(url(), file);
    expect(head).toBe(header);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.startsWith(row(ids)) || rows[0]!.includes(row(ids)), rows[0]).toBe(true);
    // No cell of any row begins with a character a spreadsheet would run.
    for (const line of rows) for (const cell of line.split(',')) expect(cell, line).not.toMatch(/^"?[=+\-@\t\r]/);
  });

  it('writes the rest of a booking’s and a sale’s typed cells: the notes guarded, the amount with its currency', async () => {
    const [, booking] = await exported(`/api/v1/dsps/${ids.dsp}/bookings/export?filter[customer_id]=${ids.customer}&tz=Europe/Madrid`, 'agendamientos');
    expect(booking).toContain(`AG-INYECT01,Pendiente,2026-05-01 04:15,'-${MARK} cliente`);
    expect(booking).toContain(`,'-${MARK} plan,'@${MARK} servicio,'=${MARK}(),2026-05-01 04:15`);
    const [, sale] = await exported(`/api/v1/sales/export?filter[q]=${MARK}`, 'ventas');
    expect(sale).toContain(`,'=${MARK} DSP,'-${MARK} plan,99000.50,COP,Efectivo,Pagado`);
    const [, customer] = await exported(`/api/v1/dsps/${ids.dsp}/customers/export`, 'clientes');
    expect(customer).toContain(`,'-${MARK} plan,${LATE_IN_BOGOTA}`);
  });

  it('takes the list’s sort, refused as the list refuses it (400, before any CSV)', async () => {
    const names = async (sort: string) => (await exported(`/api/v1/sponsors/export?filter[q]=${MARK}&sort=${sort}`, 'sponsors')).slice(1).map((line) => line.split(',')[1]);
    expect(await names('name')).toEqual([`'=SUMA(2;2) ${MARK}`, `Zeta ${MARK}`]);
    expect(await names('-name')).toEqual([`Zeta ${MARK}`, `'=SUMA(2;2) ${MARK}`]);
    for (const url of ['/api/v1/sponsors/export?sort=color', '/api/v1/plans/export?filter[color]=azul', '/api/v1/users/export?include=roles', `/api/v1/dsps/${ids.dsp}/bookings/export?tz=Marte/Olimpo`]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.headers['content-type'], url).toContain('application/json');
      expect(refused.json().status).toBe('error');
    }
  });

  it('keeps the list’s filters and scope: another DSP’s bookings are a 404, another person’s permission a 403', async () => {
    expect(await exported(`/api/v1/dsps/${ids.dsp}/bookings/export?filter[status]=CONFIRMED`, 'agendamientos')).toHaveLength(1);
    const operator = await get(`/api/v1/dsps/${ids.dsp}/bookings/export`, assignedToken);
    expect(operator.statusCode).toBe(404);
    expect(operator.json().message).toBe('La DSP no existe.');
    for (const url of ['/api/v1/users/export', '/api/v1/dsps/export', '/api/v1/audit/export']) {
      expect((await get(url, assignedToken)).statusCode, url).toBe(403);
    }
  });

  it('answers HEAD with the CSV’s headers and no rows', async () => {
    const head = await ctx.inject({ method: 'HEAD', url: `/api/v1/sponsors/export?filter[q]=${MARK}`, headers: bearer(adminToken) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.rawPayload).toHaveLength(0);
  });

  it('is declared for every list by resourceRoutes, with the list’s own access', () => {
    const declared = ctx.app.routeAccess().filter((route) => route.method === 'GET' && route.url.endsWith('/export'));
    expect(Object.fromEntries(declared.map((route) => [route.url, route.access]))).toEqual({
      '/api/v1/sponsors/export': 'sponsors.manage',
      '/api/v1/campaigns/export': 'sponsors.manage',
      '/api/v1/plans/export': 'sponsors.manage',
      '/api/v1/services/export': 'sponsors.manage',
      '/api/v1/categories/export': 'signed-in',
      '/api/v1/users/export': 'users.manage',
      '/api/v1/dsps/export': 'dsps.manage',
      '/api/v1/dsps/:dspId/customers/export': 'signed-in',
      '/api/v1/dsps/:dspId/bookings/export': 'operations.view',
      '/api/v1/sales/export': 'signed-in',
      '/api/v1/audit/export': 'audit.view',
    });
  });
});
