import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCategories, campaigns, categories, countries, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { countQueries } from './support/query-count';
import { file, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
/** ADMIN: manages the catalogue but may not delete from it. */
let adminRole: string;
/** Signed in, no role at all. */
let nobody: string;
const data = tempDataDir('categories');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  await ctx.createUser({ email: 'admin-rol@panel.test', roles: ['ADMIN'] });
  adminRole = await ctx.signIn('admin-rol@panel.test');
  await ctx.createUser({ email: 'nadie@panel.test' });
  nobody = await ctx.signIn('nadie@panel.test');
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

type Item = { id: number; name: string; parent_id: number | null; image_url: string | null; parent?: unknown; subcategories?: { name: string }[] };

const get = (url: string, who = token) => ctx.inject({ method: 'GET', url, headers: bearer(who) });
const post = (payload: Record<string, unknown>, who = token) => ctx.inject({ method: 'POST', url: '/api/v1/categories', headers: bearer(who), payload });
const put = (id: number, payload: Record<string, unknown>, who = token) => ctx.inject({ method: 'PUT', url: `/api/v1/categories/${id}`, headers: bearer(who), payload });
const remove = (id: number, who = token) => ctx.inject({ method: 'DELETE', url: `/api/v1/categories/${id}`, headers: bearer(who) });

async function create(payload: Record<string, unknown>): Promise<Item> {
  const response = await post(payload);
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as Item;
}

describe('creating catalogue categories', () => {
  it('creates a root from multipart with an image, then a subcategory under it, answering parent and subcategories', async () => {
    const png = pngBytes(10, [10, 150, 90]);
    const body = await multipart({ name: '  Hogar  ', description: 'Todo para la casa', parent_id: '', image: file(png, 'hogar.png', 'image/png') });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/categories', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Categoría creada correctamente.');
    const root = response.json().data;
    expect(root).toMatchObject({ name: 'Hogar', description: 'Todo para la casa', parent_id: null, parent: null, subcategories: [] });
    expect(root.image_url).toMatch(/^\/storage\/categories\/[0-9a-f]{32}\.png$/);
    expect((await ctx.inject({ method: 'GET', url: root.image_url })).rawPayload).toEqual(png);

    const sub = await create({ name: 'Plomería', parent_id: root.id });
    expect(sub).toMatchObject({ parent_id: root.id, parent: { id: root.id, name: 'Hogar' }, description: null, image_url: null });
    const detail = (await get(`/api/v1/categories/${root.id}?include=parent,subcategories`)).json().data;
    expect(detail.subcategories.map((item: Item) => item.name)).toEqual(['Plomería']);
    expect(detail.parent).toBeNull();
    expect((await get(`/api/v1/categories/${root.id}`)).json().data).not.toHaveProperty('subcategories');
  });

  it('refuses a missing or overlong name, an unknown or malformed parent and an image that is not one, in Spanish', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'El nombre es requerido'],
      [{}, 'name', 'El nombre es requerido'],
      [{ name: 'x'.repeat(201) }, 'name', 'El nombre no puede superar 200 caracteres.'],
      [{ name: 'Huérfana', parent_id: 999999 }, 'parent_id', 'La categoría padre no existe.'],
      [{ name: 'Rara', parent_id: 'abc' }, 'parent_id', 'La categoría padre no es válida.'],
      [{ name: 'Larga', description: 'd'.repeat(5001) }, 'description', 'La descripción no puede superar 5000 caracteres.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const body = await multipart({ name: 'Con texto', image: file(Buffer.from('no soy una imagen'), 'x.png', 'image/png') });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/categories', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(415);
    expect(storedKeys(data.uploads).filter((key) => key.startsWith('categories/'))).toHaveLength(1);
    expect((await ctx.db.select().from(categories).where(eq(categories.name, 'Con texto'))).length).toBe(0);
  });

  it('keeps names unique within one parent (case, accents and spaces ignored), but not across parents', async () => {
    const salud = await create({ name: 'Salud' });
    const autos = await create({ name: 'Autos' });
    const again = await post({ name: ' SALÚD ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Ya existe una categoría con ese nombre en el mismo nivel.', errors: { name: ['Ya existe una categoría con ese nombre en el mismo nivel.'] } });
    await create({ name: 'Urgencias', parent_id: salud.id });
    expect((await post({ name: 'urgencias', parent_id: salud.id })).statusCode).toBe(409);
    expect((await post({ name: 'Urgencias', parent_id: autos.id })).statusCode).toBe(201);
    // A subcategory may share a root's name: they are on different levels.
    expect((await post({ name: 'Salud', parent_id: autos.id })).statusCode).toBe(201);
    // Moving a category under a parent that already has its name is refused too.
    const grua = await create({ name: 'Grúa', parent_id: autos.id });
    const other = await create({ name: 'Grua' });
    expect((await put(other.id, { parent_id: autos.id })).statusCode).toBe(409);
    expect((await put(grua.id, { name: 'Grúa' })).statusCode).toBe(200);
  });
});

describe('moving catalogue categories', () => {
  it('refuses a category as its own parent or under one of its descendants, and lets it become a root again', async () => {
    const a = await create({ name: 'Nivel A' });
    const b = await create({ name: 'Nivel B', parent_id: a.id });
    const c = await create({ name: 'Nivel C', parent_id: b.id });
    for (const parent of [a.id, c.id, b.id]) {
      const target = parent === b.id ? b.id : a.id;
      const response = await put(target, { parent_id: parent });
      expect(response.statusCode, `${target} under ${parent}`).toBe(422);
      expect(response.json().errors.parent_id).toEqual(['Una categoría no puede ser su propio ancestro.']);
    }
    expect((await ctx.db.select().from(categories).where(eq(categories.id, a.id)))[0]!.parentId).toBeNull();

    const moved = await put(c.id, { parent_id: a.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Categoría actualizada correctamente.', data: { parent_id: a.id, parent: { name: 'Nivel A' } } });
    const root = await put(c.id, { parent_id: '' });
    expect(root.json().data).toMatchObject({ parent_id: null, parent: null });
    expect((await put(c.id, { parent_id: 999999 })).json().errors.parent_id).toEqual(['La categoría padre no existe.']);
    expect((await put(999999, { name: 'Nada' })).statusCode).toBe(404);
  });

  it('never ends in a cycle when two categories are moved under each other at once', async () => {
    const x = await create({ name: 'Cruce X' });
    const y = await create({ name: 'Cruce Y' });
    const [first, second] = await Promise.all([put(x.id, { parent_id: y.id }), put(y.id, { parent_id: x.id })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    const rows = await ctx.db.select().from(categories);
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    expect(parentOf.get(x.id) === y.id && parentOf.get(y.id) === x.id).toBe(false);
  });
});

describe('the catalogue list', () => {
  it('pages 24 by name, searches without case or accents, filters roots, subcategories and one parent, and allows 300 a page', async () => {
    const page = (await get('/api/v1/categories')).json().data;
    expect(page.per_page).toBe(24);
    const names = page.data.map((item: Item) => item.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'es', { sensitivity: 'base' })));

    const found = (await get('/api/v1/categories?filter[q]=plomeria')).json().data.data;
    expect(found.map((item: Item) => item.name)).toEqual(['Plomería']);
    const roots = (await get('/api/v1/categories?filter[roots]=1&limit=300')).json().data;
    expect(roots.per_page).toBe(300);
    expect(roots.data.every((item: Item) => item.parent_id === null)).toBe(true);
    const subs = (await get('/api/v1/categories?filter[roots]=0&limit=300')).json().data.data;
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((item: Item) => item.parent_id !== null)).toBe(true);
    const hogar = roots.data.find((item: Item) => item.name === 'Hogar');
    const children = (await get(`/api/v1/categories?filter[parent_id]=${hogar.id}`)).json().data.data;
    expect(children.map((item: Item) => item.name)).toEqual(['Plomería']);

    expect((await get('/api/v1/categories?limit=301')).statusCode).toBe(400);
    expect((await get('/api/v1/categories?filter[roots]=quizas')).json().message).toBe('El filtro roots admite 1, 0, true o false.');
    expect((await get('/api/v1/categories?filter[parent_id]=x')).statusCode).toBe(400);
    expect((await get('/api/v1/categories?include=children')).statusCode).toBe(400);
  });

  it('writes parent and subcategories in the statements of the page itself, for 1 category as for 10', async () => {
    const base = await create({ name: 'Conteo' });
    for (let index = 0; index < 10; index += 1) {
      const child = await create({ name: `Conteo ${index}`, parent_id: base.id });
      await create({ name: `Nieta ${index}`, parent_id: child.id });
    }
    const url = (limit: number, include = 'parent,subcategories') => `/api/v1/categories?filter[parent_id]=${base.id}&include=${include}&limit=${limit}`;
    const withoutRelations = await countQueries(ctx.db, async () => {
      await get(url(1, ''));
    });
    let one: Item[] = [];
    let ten: Item[] = [];
    const forOne = await countQueries(ctx.db, async () => {
      one = (await get(url(1))).json().data.data;
    });
    const forTen = await countQueries(ctx.db, async () => {
      ten = (await get(url(10))).json().data.data;
    });
    expect(one).toHaveLength(1);
    expect(ten).toHaveLength(10);
    expect(ten.every((item) => (item.parent as { name: string }).name === 'Conteo' && item.subcategories!.length === 1)).toBe(true);
    expect(forOne).toBe(withoutRelations);
    expect(forTen).toBe(forOne);
  });
});

describe('who may do what', () => {
  it('lets anyone signed in read the catalogue, but only catalogue managers write it', async () => {
    expect((await get('/api/v1/categories', nobody)).statusCode).toBe(200);
    expect((await post({ name: 'Prohibida' }, nobody)).statusCode).toBe(403);
    const created = await post({ name: 'Del admin' }, adminRole);
    expect(created.statusCode).toBe(201);
    expect((await put(created.json().data.id, { name: 'Del admin 2' }, nobody)).statusCode).toBe(403);
    expect((await put(created.json().data.id, { name: 'Del admin 2' }, adminRole)).statusCode).toBe(200);
  });

  it('lets only a super admin delete, and asks the same question beforehand', async () => {
    const lone = await create({ name: 'Suelta' });
    expect((await remove(lone.id, adminRole)).statusCode).toBe(403);
    expect((await get(`/api/v1/categories/${lone.id}/deletion`, adminRole)).statusCode).toBe(403);
    expect((await get(`/api/v1/categories/${lone.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const deleted = await remove(lone.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Categoría eliminada correctamente.');
    expect((await get(`/api/v1/categories/${lone.id}`)).statusCode).toBe(404);
    expect((await remove(lone.id)).json().message).toBe('La categoría no existe.');
  });
});

describe('deleting catalogue categories', () => {
  it('refuses while it has subcategories or campaign categories use it (409, the same reason beforehand), and keeps its image for a restore after', async () => {
    const parent = await create({ name: 'Con hijas' });
    await create({ name: 'Hija 1', parent_id: parent.id });
    const second = await create({ name: 'Hija 2', parent_id: parent.id });
    const refused = await remove(parent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 2 subcategorías');
    expect((await get(`/api/v1/categories/${parent.id}/deletion`)).json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 subcategorías' });

    const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
    const [sponsor] = await ctx.db.insert(sponsors).values({ name: 'Sponsor categorías', countryId: country!.id }).returning();
    const [campaign] = await ctx.db.insert(campaigns).values({ name: 'Campaña categorías', sponsorId: sponsor!.id, countryId: country!.id }).returning();
    const used = await create({ name: 'Usada' });
    await ctx.db.insert(campaignCategories).values({ campaignId: campaign!.id, categoryId: used.id, name: 'La usa' });
    const inUse = await remove(used.id);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('No se puede eliminar: tiene 1 categoría de campaña');

    const body = await multipart({ name: 'Con imagen', image: file(pngBytes(6), 'i.png', 'image/png') });
    const withImage = await ctx.inject({ method: 'POST', url: '/api/v1/categories', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    const key = (withImage.json().data.image_url as string).replace('/storage/', '');
    expect(storedKeys(data.uploads)).toContain(key);
    expect((await remove(withImage.json().data.id)).statusCode).toBe(200);
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    expect(storedKeys(data.uploads)).toContain(key);
    expect((await remove(second.id)).statusCode).toBe(200);
  });
});

describe('history', () => {
  it('records each write in the category history and in the audit log', async () => {
    const item = await create({ name: 'Historia cat' });
    const parent = await create({ name: 'Padre historia' });
    await put(item.id, { name: 'Historia cat 2', parent_id: parent.id });
    const entries = (await get(`/api/v1/categories/${item.id}/history`)).json().data.data;
    expect(entries.map((entry: { action: string; resource_label: string }) => [entry.action, entry.resource_label])).toEqual([
      ['update', 'Historia cat 2'],
      ['create', 'Historia cat'],
    ]);
    expect(entries[0].changes).toEqual([
      { field: 'name', before: 'Historia cat', after: 'Historia cat 2', secret: false },
      { field: 'parent_id', before: null, after: parent.id, secret: false },
    ]);
    expect((await get(`/api/v1/categories/${item.id}/history`, nobody)).statusCode).toBe(403);
    await remove(item.id);
    const audit = (await get('/api/v1/audit?filter[resource]=category&filter[action]=delete')).json().data.data;
    expect(audit.some((entry: { resource_id: number; resource_label: string }) => entry.resource_id === item.id && entry.resource_label === 'Historia cat 2')).toBe(true);
  });
});
