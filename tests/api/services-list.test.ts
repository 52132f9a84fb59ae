import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCategories, campaigns, categories, countries, plans, services, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { countQueries } from './support/query-count';

/** GET /api/v1/services: every campaign's services, for the services page. */
let ctx: TestContext;
let token: string;
let sponsorId: number;
let countryId: number;
let hogar: number;
let autos: number;
let hogarBasic: number;
let hogarPremium: number;
let autosPlan: number;
let emergencies: number;

type Item = Record<string, unknown> & { id: number; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
  countryId = (await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO')))[0]!.id;
  sponsorId = (await ctx.db.insert(sponsors).values({ name: 'Andes', countryId }).returning())[0]!.id;
  hogar = await newCampaign('Hogar Seguro');
  autos = await newCampaign('Auto Tranquilo');
  hogarBasic = await newPlan(hogar, 'Básico');
  hogarPremium = await newPlan(hogar, 'Premium');
  autosPlan = await newPlan(autos, 'Vial');
  const [root] = await ctx.db.insert(categories).values({ name: 'Hogar' }).returning();
  emergencies = (await ctx.db.insert(campaignCategories).values({ campaignId: hogar, categoryId: root!.id, name: 'Emergencias' }).returning())[0]!.id;
  await ctx.db.insert(services).values([
    { planId: hogarBasic, categoryId: emergencies, name: 'Plomero', description: 'Fugas y goteras', unlimitedCoverage: true, unlimitedEvents: true },
    { planId: hogarPremium, name: 'Cerrajero', coverageAmount: '150000.00', eventLimit: 3, eventPeriod: 'YEARLY', isActive: false },
    { planId: autosPlan, name: 'Grúa', description: 'Remolque hasta el taller', unlimitedCoverage: true, unlimitedEvents: true },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

async function newCampaign(name: string) {
  return (await ctx.db.insert(campaigns).values({ name, sponsorId, countryId }).returning())[0]!.id;
}
async function newPlan(campaignId: number, name: string) {
  return (await ctx.db.insert(plans).values({ campaignId, name }).returning())[0]!.id;
}

const get = (url: string, headers = bearer(token)) => ctx.inject({ method: 'GET', url, headers });
const names = async (query: string) => (await get(`/api/v1/services?${query}`)).json().data.data.map((item: Item) => item.name);

describe('the services of every campaign', () => {
  it('lists them in the order they were added, with their plan, its campaign and their category', async () => {
    const response = await get('/api/v1/services?include=plan,campaign,category');
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ total: 3, current_page: 1, per_page: 24 });
    expect(page.data.map((item: Item) => item.name)).toEqual(['Plomero', 'Cerrajero', 'Grúa']);
    expect(page.data[0]).toMatchObject({
      plan: { id: hogarBasic, name: 'Básico', campaign_id: hogar },
      campaign: { id: hogar, name: 'Hogar Seguro', sponsor_id: sponsorId },
      category: { id: emergencies, name: 'Emergencias' },
    });
    expect(page.data[1]).toMatchObject({ coverage_amount: 150000, event_limit: 3, event_period: 'YEARLY', is_active: false, category: null });
    expect(page.data[2].campaign).toEqual({ id: autos, name: 'Auto Tranquilo', sponsor_id: sponsorId });
    // Without include the relations stay out of the answer.
    expect((await get('/api/v1/services')).json().data.data[0]).not.toHaveProperty('campaign');
  });

  it('filters by text (accents ignored), state, category, plan and the plan’s campaign', async () => {
    expect(await names('q=GRUA')).toEqual(['Grúa']);
    expect(await names('filter[q]=goteras')).toEqual(['Plomero']);
    expect(await names('filter[is_active]=1')).toEqual(['Plomero', 'Grúa']);
    expect(await names('filter[is_active]=0')).toEqual(['Cerrajero']);
    expect(await names(`filter[category_id]=${emergencies}`)).toEqual(['Plomero']);
    expect(await names(`filter[plan_id]=${hogarPremium}`)).toEqual(['Cerrajero']);
    expect(await names(`filter[campaign_id]=${hogar}`)).toEqual(['Plomero', 'Cerrajero']);
    expect(await names(`filter[campaign_id]=${autos}&filter[is_active]=1`)).toEqual(['Grúa']);
    expect(await names('filter[campaign_id]=999999')).toEqual([]);
  });

  it('pages and counts over the filtered rows', async () => {
    const second = (await get(`/api/v1/services?filter[campaign_id]=${hogar}&limit=1&page=2`)).json().data;
    expect(second).toMatchObject({ total: 2, per_page: 1, current_page: 2, last_page: 2, from: 2, to: 2 });
    expect(second.data.map((item: Item) => item.name)).toEqual(['Cerrajero']);
    expect(second.prev_page_url).toContain('filter%5Bcampaign_id%5D=');
    expect((await get('/api/v1/services?sort=-name')).json().data.data.map((item: Item) => item.name)).toEqual(['Plomero', 'Grúa', 'Cerrajero']);
  });

  it('answers 400 with a Spanish message for a filter value that does not fit, an unknown filter or include', async () => {
    const refusals: [string, string][] = [
      ['filter[is_active]=tal vez', 'El filtro is_active admite 1, 0, true o false.'],
      ['filter[campaign_id]=abc', 'El filtro campaign_id debe ser un identificador numérico.'],
      ['filter[plan_id]=-1', 'El filtro plan_id debe ser un identificador numérico.'],
      ['filter[category_id]=1.5', 'El filtro category_id debe ser un identificador numérico.'],
    ];
    for (const [query, message] of refusals) {
      const response = await get(`/api/v1/services?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ status: 'error', message });
    }
    for (const query of ['filter[color]=rojo', 'include=sponsor', 'sort=price', 'limit=301']) {
      const response = await get(`/api/v1/services?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/[a-záéíóúñ]/);
    }
  });

  it('asks the same number of statements for a page of 24 with every include as for a page of 1', async () => {
    const campaign = await newCampaign('Muchos planes');
    const [root] = await ctx.db.insert(categories).values({ name: 'Vial' }).returning();
    const category = (await ctx.db.insert(campaignCategories).values({ campaignId: campaign, categoryId: root!.id, name: 'Asistencia' }).returning())[0]!.id;
    for (let index = 0; index < 24; index += 1) {
      const plan = await newPlan(campaign, `Plan ${index}`);
      await ctx.db.insert(services).values({ planId: plan, categoryId: category, name: `Servicio ${index}`, unlimitedCoverage: true, unlimitedEvents: true });
    }
    const page = (query: string) => async () => {
      const response = await get(`/api/v1/services?include=plan,campaign,category&limit=24&${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().data.data as Item[];
    };
    // A first call settles what a session writes once a minute.
    await page('')();
    // One service with a category, so every include has something to load.
    const forOne = await countQueries(ctx.db, page(`filter[plan_id]=${hogarBasic}`));
    const forMany = await countQueries(ctx.db, page(`filter[campaign_id]=${campaign}`));
    expect(forOne).toBeGreaterThan(0);
    expect(forMany).toBe(forOne);
    expect(await page(`filter[campaign_id]=${campaign}`)()).toHaveLength(24);
  });
});

describe('who may list them', () => {
  it('lets a role with sponsors.manage in, and refuses one without it (403) and nobody signed in (401)', async () => {
    await ctx.createUser({ email: 'operador.servicios@panel.test', roles: ['OPERATOR'] });
    expect((await get('/api/v1/services', bearer(await ctx.signIn('operador.servicios@panel.test')))).statusCode).toBe(200);

    await ctx.createUser({ email: 'sin-rol.servicios@panel.test', roles: [] });
    const refused = await get('/api/v1/services', bearer(await ctx.signIn('sin-rol.servicios@panel.test')));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 'error', message: expect.any(String) });

    const anonymous = await ctx.inject({ method: 'GET', url: '/api/v1/services' });
    expect(anonymous.statusCode).toBe(401);
  });
});
