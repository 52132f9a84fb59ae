import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCategories, campaigns, categories, countries, plans, services, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { countQueries } from './support/query-count';
import { file, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
let adminRole: string;
const data = tempDataDir('services');
let sponsorId: number;
let countryId: number;
/** A plan whose campaign has no categories. */
let plainPlan: number;
/** A plan whose campaign has two categories, and a category of a third campaign. */
let categorisedPlan: number;
let ownCategory: number;
let secondCategory: number;
let foreignCategory: number;

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  await ctx.createUser({ email: 'admin-rol@panel.test', roles: ['ADMIN'] });
  adminRole = await ctx.signIn('admin-rol@panel.test');
  countryId = (await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO')))[0]!.id;
  sponsorId = (await ctx.db.insert(sponsors).values({ name: 'Andes', countryId }).returning())[0]!.id;
  const [root] = await ctx.db.insert(categories).values({ name: 'Hogar' }).returning();
  const plain = await newCampaign('Sin categorías');
  const categorised = await newCampaign('Con categorías');
  const third = await newCampaign('Otra');
  plainPlan = await newPlan(plain, 'Básico');
  categorisedPlan = await newPlan(categorised, 'Premium');
  [ownCategory, secondCategory] = (
    await ctx.db
      .insert(campaignCategories)
      .values([
        { campaignId: categorised, categoryId: root!.id, name: 'Emergencias' },
        { campaignId: categorised, categoryId: root!.id, name: 'Mantenimiento' },
      ])
      .returning()
  ).map((row) => row.id) as [number, number];
  foreignCategory = (await ctx.db.insert(campaignCategories).values({ campaignId: third, categoryId: root!.id, name: 'Ajena' }).returning())[0]!.id;
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

async function newCampaign(name: string) {
  return (await ctx.db.insert(campaigns).values({ name, sponsorId, countryId }).returning())[0]!.id;
}
async function newPlan(campaignId: number, name: string) {
  return (await ctx.db.insert(plans).values({ campaignId, name }).returning())[0]!.id;
}

type Item = Record<string, unknown> & { id: number; name: string };

const get = (url: string, who = token) => ctx.inject({ method: 'GET', url, headers: bearer(who) });
const post = (plan: number, payload: Record<string, unknown>, who = token) => ctx.inject({ method: 'POST', url: `/api/v1/plans/${plan}/services`, headers: bearer(who), payload });
const put = (id: number, payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/services/${id}`, headers: bearer(token), payload });

async function create(plan: number, payload: Record<string, unknown>): Promise<Item> {
  const response = await post(plan, payload);
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as Item;
}

const UNLIMITED = { unlimited_coverage: true, unlimited_events: true };

describe('creating services', () => {
  it('creates one from multipart, as the panel sends it: amounts as numbers, image stored, active by default', async () => {
    const png = pngBytes(9, [0, 90, 200]);
    const body = await multipart({
      name: ' Plomero a domicilio ',
      description: 'Hasta 3 visitas',
      plan_id: String(plainPlan),
      coverage_amount: '1500000,50',
      unlimited_coverage: '0',
      event_limit: '3',
      unlimited_events: 'false',
      event_period: 'SEMI-ANNUALLY',
      inclusions: 'Mano de obra\nMateriales',
      exclusions: '',
      apolo_code_ref: '  AP-001  ',
      meta: '{"proveedor":"Rápido SAS","prioridad":2}',
      image: file(png, 'p.png', 'image/png'),
    });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/plans/${plainPlan}/services`, headers: { ...bearer(adminRole), ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Servicio creado correctamente.');
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'Plomero a domicilio',
      plan_id: plainPlan,
      category_id: null,
      coverage_amount: 1500000.5,
      unlimited_coverage: false,
      event_limit: 3,
      unlimited_events: false,
      event_period: 'SEMI-ANNUALLY',
      inclusions: 'Mano de obra\nMateriales',
      exclusions: null,
      is_active: true,
      apolo_code_ref: 'AP-001',
      meta: { proveedor: 'Rápido SAS', prioridad: 2 },
      category: null,
      plan: { id: plainPlan, name: 'Básico' },
    });
    expect(created.image_url).toMatch(/^\/storage\/services\/[0-9a-f]{32}\.png$/);
    expect((await ctx.inject({ method: 'GET', url: created.image_url })).rawPayload).toEqual(png);
    const [row] = await ctx.db.select().from(services).where(eq(services.id, created.id));
    expect(row!.coverageAmount).toBe('1500000.50');
  });

  it('keeps meta that is not JSON as its text, and an empty Apolo code as null', async () => {
    const text = await create(plainPlan, { name: 'Texto', ...UNLIMITED, meta: 'solo días hábiles', apolo_code_ref: '   ' });
    expect(text).toMatchObject({ meta: 'solo días hábiles', apolo_code_ref: null });
    const json = await create(plainPlan, { name: 'JSON', ...UNLIMITED, meta: { zonas: ['norte', 'sur'] } });
    expect(json.meta).toEqual({ zonas: ['norte', 'sur'] });
    const empty = await create(plainPlan, { name: 'Vacío', ...UNLIMITED, meta: '' });
    expect(empty.meta).toBeNull();
  });

  it('clears the amount and the limit when unlimited is ticked, also when they are sent', async () => {
    const created = await create(plainPlan, { name: 'Ilimitado', unlimited_coverage: '1', coverage_amount: '500', unlimited_events: 'true', event_limit: '4', is_active: '0' });
    expect(created).toMatchObject({ coverage_amount: null, unlimited_coverage: true, event_limit: null, unlimited_events: true, is_active: false });
  });

  it('refuses every broken rule with its Spanish field error', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...UNLIMITED }, { name: ['El nombre es requerido'] }],
      [
        { name: 'Sin montos' },
        { coverage_amount: ['La cobertura es requerida si no es ilimitada.'], event_limit: ['El límite de eventos es requerido si no son ilimitados.'] },
      ],
      [{ name: 'Negativa', coverage_amount: -1, unlimited_events: true }, { coverage_amount: ['La cobertura debe ser un número mayor o igual a 0, con hasta 2 decimales.'] }],
      [{ name: 'Decimales', coverage_amount: '10.555', unlimited_events: true }, { coverage_amount: ['La cobertura debe ser un número mayor o igual a 0, con hasta 2 decimales.'] }],
      [{ name: 'Texto', coverage_amount: 'mucho', unlimited_events: true }, { coverage_amount: ['La cobertura debe ser un número mayor o igual a 0, con hasta 2 decimales.'] }],
      [{ name: 'Fracción', event_limit: '1.5', unlimited_coverage: true }, { event_limit: ['El límite de eventos debe ser un número entero mayor o igual a 0.'] }],
      [{ name: 'Negativo', event_limit: -2, unlimited_coverage: true }, { event_limit: ['El límite de eventos debe ser un número entero mayor o igual a 0.'] }],
      [{ name: 'Semanal', ...UNLIMITED, event_period: 'WEEKLY' }, { event_period: ['El periodo debe ser MONTHLY, QUARTERLY, SEMI-ANNUALLY, YEARLY o LIFETIME.'] }],
      [{ name: 'Activo raro', ...UNLIMITED, is_active: 'quizás' }, { is_active: ['Debe ser verdadero o falso (1/0/true/false).'] }],
      [{ name: 'Apolo largo', ...UNLIMITED, apolo_code_ref: 'A'.repeat(101) }, { apolo_code_ref: ['El código Apolo no puede superar 100 caracteres.'] }],
      [{ name: 'Otro plan', ...UNLIMITED, plan_id: categorisedPlan }, { plan_id: ['El plan de un servicio no se puede cambiar.'] }],
      [{ name: 'Ajena', ...UNLIMITED, category_id: foreignCategory }, { category_id: ['La categoría no pertenece a la campaña del plan.'] }],
      // The same meta rule as a plan's: a typo in JSON is refused, not stored as text.
      [{ name: 'Meta rota', ...UNLIMITED, meta: '{"zonas": [norte]}' }, { meta: ['meta empieza como JSON pero no es un JSON válido.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await post(plainPlan, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    const zero = await create(plainPlan, { name: 'Cero', coverage_amount: 0, event_limit: 0, event_period: 'LIFETIME' });
    expect(zero).toMatchObject({ coverage_amount: 0, event_limit: 0 });
  });

  it('answers 404 for a plan that does not exist', async () => {
    const response = await post(999999, { name: 'Huérfano', ...UNLIMITED });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('El plan no existe.');
    expect((await get('/api/v1/plans/999999/services')).statusCode).toBe(404);
  });

  it('requires one of the campaign’s own categories when the campaign has categories', async () => {
    const missing = await post(categorisedPlan, { name: 'Sin categoría', ...UNLIMITED });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ category_id: ['La categoría es requerida'] });
    expect((await post(categorisedPlan, { name: 'Ajena', ...UNLIMITED, category_id: foreignCategory })).json().errors).toEqual({
      category_id: ['La categoría no pertenece a la campaña del plan.'],
    });
    const created = await create(categorisedPlan, { name: 'Cerrajero', ...UNLIMITED, category_id: String(ownCategory), plan_id: categorisedPlan });
    expect(created).toMatchObject({ category_id: ownCategory, category: { id: ownCategory, name: 'Emergencias' }, plan: { id: categorisedPlan, name: 'Premium' } });
  });
});

describe('changing services', () => {
  it('keeps the plan fixed, re-checks the limits on the resulting values and clears what unlimited replaces', async () => {
    const item = await create(categorisedPlan, { name: 'Electricista', coverage_amount: 200000, event_limit: 2, event_period: 'YEARLY', category_id: ownCategory });
    expect((await put(item.id, { plan_id: plainPlan })).json().errors).toEqual({ plan_id: ['El plan de un servicio no se puede cambiar.'] });
    expect((await put(item.id, { plan_id: categorisedPlan, name: 'Electricista 24 h' })).json().data).toMatchObject({ name: 'Electricista 24 h', plan_id: categorisedPlan });

    const unlimited = await put(item.id, { unlimited_coverage: true });
    expect(unlimited.statusCode).toBe(200);
    expect(unlimited.json()).toMatchObject({ message: 'Servicio actualizado correctamente.', data: { coverage_amount: null, unlimited_coverage: true, event_limit: 2 } });
    const back = await put(item.id, { unlimited_coverage: false });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ coverage_amount: ['La cobertura es requerida si no es ilimitada.'] });
    expect((await put(item.id, { unlimited_coverage: false, coverage_amount: '99.90' })).json().data).toMatchObject({ coverage_amount: 99.9, unlimited_coverage: false });

    expect((await put(item.id, { category_id: '' })).json().errors).toEqual({ category_id: ['La categoría es requerida'] });
    expect((await put(item.id, { category_id: foreignCategory })).statusCode).toBe(422);
    const moved = await put(item.id, { category_id: secondCategory, is_active: false, meta: 'nota' });
    expect(moved.json().data).toMatchObject({ category: { id: secondCategory, name: 'Mantenimiento' }, is_active: false, meta: 'nota' });
    expect((await put(999999, { name: 'x' })).statusCode).toBe(404);
    // Looked for before its plan or its category are judged.
    expect((await put(999999, { plan_id: 999998, category_id: secondCategory })).statusCode).toBe(404);
  });
});

describe('a plan’s services', () => {
  it('lists only that plan’s, in the order they were added, 100 a page, with filters and includes', async () => {
    const page = (await get(`/api/v1/plans/${categorisedPlan}/services?include=category,plan`)).json().data;
    expect(page.per_page).toBe(100);
    expect(page.data.every((item: Item) => item.plan_id === categorisedPlan)).toBe(true);
    expect(page.data.map((item: Item) => item.name)).toEqual(['Cerrajero', 'Electricista 24 h']);
    expect(page.data[0]).toMatchObject({ category: { name: 'Emergencias' }, plan: { name: 'Premium' } });
    expect((await get(`/api/v1/plans/${categorisedPlan}/services?filter[is_active]=0`)).json().data.data.map((item: Item) => item.name)).toEqual(['Electricista 24 h']);
    expect((await get(`/api/v1/plans/${plainPlan}/services?filter[q]=plomero`)).json().data.total).toBe(1);
    expect((await get(`/api/v1/plans/${plainPlan}/services?filter[is_active]=tal vez`)).statusCode).toBe(400);
  });

  it('answers a campaign’s plans with their services and categories in the statements of the campaign itself, for 1 plan as for 10', async () => {
    const campaignId = (await ctx.db.select({ id: plans.campaignId }).from(plans).where(eq(plans.id, categorisedPlan)))[0]!.id;
    const statementsOf = (include: string) => countQueries(ctx.db, async () => void (await get(`/api/v1/campaigns/${campaignId}?include=${include}`)));
    const plain = await statementsOf('sponsor');
    expect(await statementsOf('plans.services')).toBe(plain);
    const planIds = [categorisedPlan];
    for (let index = 0; index < 9; index += 1) {
      const plan = await newPlan(campaignId, `Plan ${index}`);
      planIds.push(plan);
      await create(plan, { name: `Servicio ${index}`, ...UNLIMITED, category_id: ownCategory });
    }
    expect(await statementsOf('plans.services')).toBe(plain);
    const shown = (await get(`/api/v1/campaigns/${campaignId}?include=plans.services`)).json().data.plans as { id: number; services: Item[] }[];
    const servicesOf = (planId: number) => shown.find((plan) => plan.id === planId)!.services;
    expect(servicesOf(categorisedPlan).map((item) => item.name)).toEqual(['Cerrajero', 'Electricista 24 h']);
    expect(shown.filter((plan) => planIds.includes(plan.id))).toHaveLength(10);
    expect(servicesOf(planIds[9]!)).toEqual([expect.objectContaining({ name: 'Servicio 8', category: { id: ownCategory, name: 'Emergencias' } })]);
  });

  it('keeps a plan with services from being deleted (the foreign key refuses it)', async () => {
    await expect(ctx.db.delete(plans).where(eq(plans.id, plainPlan))).rejects.toThrow();
    expect((await ctx.db.select().from(plans).where(eq(plans.id, plainPlan))).length).toBe(1);
  });
});

describe('deleting services', () => {
  it('deletes a service (its image kept for a restore), after saying it can be', async () => {
    const body = await multipart({ name: 'Borrable', unlimited_coverage: '1', unlimited_events: '1', image: file(pngBytes(4), 'b.png', 'image/png') });
    const created = (
      await ctx.inject({ method: 'POST', url: `/api/v1/plans/${plainPlan}/services`, headers: { ...bearer(token), ...body.headers }, payload: body.payload })
    ).json().data as Item & { image_url: string };
    const key = created.image_url.replace('/storage/', '');
    expect((await get(`/api/v1/services/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const deleted = await ctx.inject({ method: 'DELETE', url: `/api/v1/services/${created.id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Servicio eliminado correctamente.');
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    expect(storedKeys(data.uploads)).toContain(key);
    expect((await get(`/api/v1/services/${created.id}`)).json().message).toBe('El servicio no existe.');
  });
});

describe('history', () => {
  it('records each write in the service’s history and in the audit log, JSON meta as its text', async () => {
    const item = await create(plainPlan, { name: 'Historia', coverage_amount: 100, event_limit: 1, meta: { a: 1 } });
    await put(item.id, { coverage_amount: 250.5, unlimited_events: true });
    const entries = (await get(`/api/v1/services/${item.id}/history`, adminRole)).json().data.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual([
      { field: 'coverage_amount', before: 100, after: 250.5, secret: false },
      { field: 'event_limit', before: 1, after: null, secret: false },
      { field: 'unlimited_events', before: false, after: true, secret: false },
    ]);
    expect(entries[1].changes).toContainEqual({ field: 'meta', before: null, after: '{"a":1}', secret: false });
    await ctx.inject({ method: 'DELETE', url: `/api/v1/services/${item.id}`, headers: bearer(token) });
    const audit = (await get('/api/v1/audit?filter[resource]=service')).json().data.data;
    expect(audit.filter((entry: { resource_id: number }) => entry.resource_id === item.id).map((entry: { action: string }) => entry.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });
});

describe('a plan and its services', () => {
  it('lists them under the campaign (plans.services) and keeps the plan from being deleted while it has them', async () => {
    const campaignId = await newCampaign('Con servicios');
    const planId = await newPlan(campaignId, 'Con servicios');
    const created = await create(planId, { name: 'Cerrajero', ...UNLIMITED });

    const detail = await get(`/api/v1/campaigns/${campaignId}?include=plans,plans.services`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.plans[0].services.map((item: Item) => item.name)).toEqual(['Cerrajero']);

    const check = await get(`/api/v1/plans/${planId}/deletion`);
    expect(check.json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 1 servicio' });
    const refused = await ctx.inject({ method: 'DELETE', url: `/api/v1/plans/${planId}`, headers: bearer(token) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 1 servicio');

    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/services/${created.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/plans/${planId}`, headers: bearer(token) })).statusCode).toBe(200);
  });
});
