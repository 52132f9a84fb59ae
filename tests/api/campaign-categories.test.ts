import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, countries, plans, services, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { countQueries } from './support/query-count';
import { file, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
/** ADMIN: manages sponsors, campaigns and their offer. */
let adminRole: string;
const data = tempDataDir('campaign-categories');
let countryId: number;
let sponsorId: number;
let campaignId: number;
let otherCampaignId: number;
/** Root categories of the catalogue, and one subcategory. */
let hogar: number;
let autos: number;
let plomeria: number;

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  await ctx.createUser({ email: 'admin-rol@panel.test', roles: ['ADMIN'] });
  adminRole = await ctx.signIn('admin-rol@panel.test');
  countryId = (await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO')))[0]!.id;
  sponsorId = (await ctx.db.insert(sponsors).values({ name: 'Andes', countryId }).returning())[0]!.id;
  campaignId = await newCampaign('Hogar Seguro');
  otherCampaignId = await newCampaign('Auto Tranquilo');
  hogar = await catalogue({ name: 'Hogar' });
  autos = await catalogue({ name: 'Autos' });
  plomeria = await catalogue({ name: 'Plomería', parent_id: hogar });
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

async function newCampaign(name: string) {
  return (await ctx.db.insert(campaigns).values({ name, sponsorId, countryId }).returning())[0]!.id;
}

async function catalogue(payload: Record<string, unknown>) {
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/categories', headers: bearer(token), payload });
  return response.json().data.id as number;
}

type Item = { id: number; name: string; campaign_id: number; category_id: number; parent: { id: number; name: string }; image_url: string | null };

const get = (url: string, who = token) => ctx.inject({ method: 'GET', url, headers: bearer(who) });
const post = (campaign: number, payload: Record<string, unknown>, who = token) =>
  ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${campaign}/campaign-categories`, headers: bearer(who), payload });
const put = (id: number, payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/campaign-categories/${id}`, headers: bearer(token), payload });
const remove = (id: number) => ctx.inject({ method: 'DELETE', url: `/api/v1/campaign-categories/${id}`, headers: bearer(token) });

async function create(campaign: number, payload: Record<string, unknown>): Promise<Item> {
  const response = await post(campaign, payload);
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as Item;
}

describe('creating campaign categories', () => {
  it('creates one from multipart with an image, linked to a root catalogue category, answering it as parent', async () => {
    const png = pngBytes(8, [200, 100, 0]);
    const body = await multipart({ name: ' Emergencias ', description: 'Atención 24 h', category_id: String(hogar), image: file(png, 'e.png', 'image/png') });
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/v1/campaigns/${campaignId}/campaign-categories`,
      headers: { ...bearer(adminRole), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Categoría creada correctamente.');
    const created = response.json().data;
    expect(created).toMatchObject({ name: 'Emergencias', description: 'Atención 24 h', campaign_id: campaignId, category_id: hogar, parent: { id: hogar, name: 'Hogar' } });
    expect(created.image_url).toMatch(/^\/storage\/categories\/[0-9a-f]{32}\.png$/);
    expect((await ctx.inject({ method: 'GET', url: created.image_url })).rawPayload).toEqual(png);
    expect((await get(`/api/v1/campaign-categories/${created.id}`)).json().data).toEqual(created);
  });

  it('requires a name and a root catalogue category, in Spanish', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ category_id: hogar }, 'name', 'El nombre es requerido'],
      [{ name: 'Sin categoría' }, 'category_id', 'Debes seleccionar una categoría del catálogo'],
      [{ name: 'Vacía', category_id: '' }, 'category_id', 'Debes seleccionar una categoría del catálogo'],
      [{ name: 'Rara', category_id: 'abc' }, 'category_id', 'La categoría del catálogo no es válida.'],
      [{ name: 'Inexistente', category_id: 999999 }, 'category_id', 'La categoría del catálogo no existe.'],
      [{ name: 'Subcategoría', category_id: plomeria }, 'category_id', 'Debes seleccionar una categoría padre del catálogo, no una subcategoría.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(campaignId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const missing = await post(999999, { name: 'Nada', category_id: hogar });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La campaña no existe.');
  });

  it('keeps names unique within a campaign (case, accents and spaces ignored), not across campaigns', async () => {
    await create(campaignId, { name: 'Grúa', category_id: autos });
    const again = await post(campaignId, { name: ' GRUA ', category_id: hogar });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: ['Ya existe una categoría con ese nombre en esta campaña.'] });
    expect((await post(otherCampaignId, { name: 'Grúa', category_id: autos })).statusCode).toBe(201);
  });
});

describe('a campaign’s categories', () => {
  it('lists only that campaign’s, by name, 100 a page, with search; 404 for an unknown campaign', async () => {
    const page = (await get(`/api/v1/campaigns/${campaignId}/campaign-categories`)).json().data;
    expect(page.per_page).toBe(100);
    expect(page.data.map((item: Item) => item.name)).toEqual(['Emergencias', 'Grúa']);
    expect(page.data.every((item: Item) => item.campaign_id === campaignId && item.parent.name)).toBe(true);
    expect((await get(`/api/v1/campaigns/${campaignId}/campaign-categories?filter[q]=grua`)).json().data.data).toHaveLength(1);
    expect((await get(`/api/v1/campaigns/${campaignId}/campaign-categories?filter[category_id]=${autos}`)).json().data.total).toBe(1);
    expect((await get('/api/v1/campaigns/999999/campaign-categories')).statusCode).toBe(404);
    expect((await get(`/api/v1/campaigns/${campaignId}/campaign-categories?sort=price`)).statusCode).toBe(400);
  });

  it('comes with the campaign’s include=categories, in the same number of queries for 1 category as for 10', async () => {
    const small = await newCampaign('Una categoría');
    const large = await newCampaign('Diez categorías');
    await create(small, { name: 'Única', category_id: hogar });
    for (let index = 0; index < 10; index += 1) await create(large, { name: `Categoría ${index}`, category_id: index % 2 ? hogar : autos });
    let smallItems: Item[] = [];
    let largeItems: Item[] = [];
    const forSmall = await countQueries(ctx.db, async () => {
      smallItems = (await get(`/api/v1/campaigns/${small}?include=categories`)).json().data.categories;
    });
    const forLarge = await countQueries(ctx.db, async () => {
      largeItems = (await get(`/api/v1/campaigns/${large}?include=categories`)).json().data.categories;
    });
    expect(smallItems).toEqual([expect.objectContaining({ name: 'Única', parent: { id: hogar, name: 'Hogar' } })]);
    expect(largeItems).toHaveLength(10);
    expect(largeItems[1]).toMatchObject({ name: 'Categoría 1', parent: { name: 'Hogar' } });
    expect(forSmall).toBeGreaterThanOrEqual(3);
    expect(forLarge).toBe(forSmall);
  });
});

describe('changing and deleting campaign categories', () => {
  it('updates name and catalogue category, refusing a subcategory; the campaign never changes', async () => {
    const item = await create(campaignId, { name: 'Cambiante', category_id: hogar });
    const changed = await put(item.id, { name: 'Cambiada', category_id: autos, campaign_id: otherCampaignId });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Categoría actualizada correctamente.', data: { name: 'Cambiada', campaign_id: campaignId, parent: { id: autos, name: 'Autos' } } });
    expect((await put(item.id, { category_id: plomeria })).json().errors.category_id).toEqual([
      'Debes seleccionar una categoría padre del catálogo, no una subcategoría.',
    ]);
    expect((await put(item.id, { name: 'Emergencias' })).statusCode).toBe(409);
    expect((await put(999999, { name: 'x' })).statusCode).toBe(404);
    // A missing record is a 404 whatever else the body gets wrong.
    expect((await put(999999, { category_id: plomeria })).statusCode).toBe(404);
  });

  it('refuses to delete one that services use (409, the same reason beforehand), and a campaign that has categories', async () => {
    const item = await create(campaignId, { name: 'Con servicios', category_id: hogar });
    const [plan] = await ctx.db.insert(plans).values({ campaignId, name: 'Plan' }).returning();
    await ctx.db.insert(services).values({ planId: plan!.id, categoryId: item.id, name: 'Servicio', unlimitedCoverage: true, unlimitedEvents: true });
    const refused = await remove(item.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 1 servicio');
    expect((await get(`/api/v1/campaign-categories/${item.id}/deletion`)).json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 1 servicio' });

    const bare = await newCampaign('Solo categorías');
    await create(bare, { name: 'A', category_id: hogar });
    await create(bare, { name: 'B', category_id: autos });
    const campaign = await ctx.inject({ method: 'DELETE', url: `/api/v1/campaigns/${bare}`, headers: bearer(token) });
    expect(campaign.statusCode).toBe(409);
    expect(campaign.json().message).toBe('No se puede eliminar: tiene 2 categorías');
  });

  it('deletes one nothing uses, keeping its image for a restore', async () => {
    const body = await multipart({ name: 'Borrable', category_id: String(autos), image: file(pngBytes(5), 'b.png', 'image/png') });
    const created = (
      await ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${campaignId}/campaign-categories`, headers: { ...bearer(token), ...body.headers }, payload: body.payload })
    ).json().data as Item;
    const key = created.image_url!.replace('/storage/', '');
    expect((await get(`/api/v1/campaign-categories/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const deleted = await remove(created.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Categoría eliminada correctamente.');
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    expect(storedKeys(data.uploads)).toContain(key);
    expect((await get(`/api/v1/campaign-categories/${created.id}`)).json().message).toBe('La categoría de la campaña no existe.');
  });
});

describe('history', () => {
  it('records each write in the campaign category’s history and in the audit log', async () => {
    const item = await create(campaignId, { name: 'Historia', category_id: hogar });
    await put(item.id, { category_id: autos });
    const entries = (await get(`/api/v1/campaign-categories/${item.id}/history`, adminRole)).json().data.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual([{ field: 'category_id', before: hogar, after: autos, secret: false }]);
    expect(entries[1].changes).toContainEqual({ field: 'campaign_id', before: null, after: campaignId, secret: false });
    await remove(item.id);
    const audit = (await get('/api/v1/audit?filter[resource]=campaign-category')).json().data.data;
    expect(audit.filter((entry: { resource_id: number }) => entry.resource_id === item.id).map((entry: { action: string }) => entry.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });
});
