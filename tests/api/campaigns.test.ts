import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, countries, plans, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { SVG_BYTES, file, keyOf, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('campaigns');
const countryIds: Record<string, number> = {};
let andes: number;
let azteca: number;

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  for (const code of ['CO', 'MX', 'PE']) {
    const [row] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    countryIds[code] = row!.id;
  }
  andes = await newSponsor('Andes Protección', 'CO');
  azteca = await newSponsor('Azteca Movilidad', 'MX');
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const auth = () => bearer(token);

async function newSponsor(name: string, country: string) {
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload: { name, country_id: countryIds[country] } });
  return response.json().data.id as number;
}

const post = async (fields: Record<string, string | Blob>) => {
  const body = await multipart(fields);
  return ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: { ...auth(), ...body.headers }, payload: body.payload });
};
const postJson = (payload: Record<string, unknown>) => ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: auth(), payload });
const update = async (id: number, fields: Record<string, string | Blob>) => {
  const body = await multipart({ _method: 'PUT', ...fields });
  return ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${id}`, headers: { ...auth(), ...body.headers }, payload: body.payload });
};
const get = (url: string) => ctx.inject({ method: 'GET', url, headers: auth() });

async function createCampaign(payload: Record<string, unknown>) {
  const response = await postJson(payload);
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as { id: number; image_url: string | null } & Record<string, unknown>;
}

describe('access', () => {
  it('answers 401 without a token on every campaign endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/campaigns'],
      ['GET', '/api/v1/campaigns/1'],
      ['POST', '/api/v1/campaigns'],
      ['PUT', '/api/v1/campaigns/1'],
      ['POST', '/api/v1/campaigns/1'],
      ['DELETE', '/api/v1/campaigns/1'],
    ] as const) {
      expect((await ctx.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/v1/campaigns', () => {
  it('creates a campaign from multipart with an image, in DRAFT and in its sponsor’s country by default', async () => {
    const png = pngBytes(12, [0, 120, 200]);
    const response = await post({
      name: '  Hogar Seguro  ',
      description: 'Plomería y cerrajería 24 horas.',
      sponsor_id: String(andes),
      start_date: '2025-03-01',
      end_date: '2025-12-31',
      budget: '1500000,50',
      image: file(png, 'banner.png', 'image/png'),
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(response.json().message).toBe('Campaña creada correctamente.');
    expect(created).toMatchObject({
      name: 'Hogar Seguro',
      description: 'Plomería y cerrajería 24 horas.',
      status: 'DRAFT',
      sponsor_id: andes,
      country_id: countryIds.CO,
      start_date: '2025-03-01',
      end_date: '2025-12-31',
      startDate: '2025-03-01',
      endDate: '2025-12-31',
      budget: 1500000.5,
      sponsor: { id: andes, name: 'Andes Protección' },
      country: { id: countryIds.CO, name: 'Colombia' },
    });
    expect(created.image_url).toMatch(/^\/storage\/campaigns\/[0-9a-f]{32}\.png$/);
    const image = await ctx.inject({ method: 'GET', url: created.image_url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(png);
  });

  it('takes the country sent, every status including PAUSED, and leaves optional fields empty', async () => {
    for (const status of ['DRAFT', 'ACTIVE', 'PAUSED', 'INACTIVE']) {
      const created = await createCampaign({ name: `Estado ${status}`, sponsor_id: andes, country_id: countryIds.PE, status });
      expect(created).toMatchObject({
        status,
        country_id: countryIds.PE,
        description: null,
        image_url: null,
        start_date: null,
        end_date: null,
        budget: null,
      });
    }
    const blanks = await post({ name: 'Vacía', sponsor_id: String(andes), country_id: '', description: '', start_date: '', end_date: '', budget: '' });
    expect(blanks.statusCode).toBe(201);
    expect(blanks.json().data).toMatchObject({ country_id: countryIds.CO, description: null, start_date: null, budget: null });
  });

  it('validates every field in Spanish (422)', async () => {
    const errors = async (payload: Record<string, unknown>) => {
      const response = await postJson(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      return response.json().errors;
    };
    expect(await errors({ name: '   ' })).toEqual({ name: ['El nombre es requerido'], sponsor_id: ['El sponsor es requerido'] });
    expect(await errors({ name: 'X', sponsor_id: andes, status: 'ARCHIVED' })).toEqual({ status: ['El estado debe ser DRAFT, ACTIVE, PAUSED o INACTIVE.'] });
    expect(await errors({ name: 'X', sponsor_id: 999999 })).toEqual({ sponsor_id: ['El sponsor seleccionado no existe.'] });
    expect(await errors({ name: 'X', sponsor_id: andes, country_id: 999999 })).toEqual({ country_id: ['El país seleccionado no existe.'] });
    expect(await errors({ name: 'X', sponsor_id: andes, start_date: '2025-02-30' })).toEqual({
      start_date: ['La fecha de inicio no es válida (AAAA-MM-DD).'],
    });
    expect(await errors({ name: 'X', sponsor_id: andes, start_date: '2025-06-01', end_date: '2025-05-31' })).toEqual({
      end_date: ['La fecha de fin no puede ser anterior a la de inicio.'],
    });
    for (const budget of [-1, '-5', 'mucho', '1.234', 1e15]) {
      expect(await errors({ name: 'X', sponsor_id: andes, budget })).toEqual({
        budget: ['El presupuesto debe ser un número mayor o igual a 0, con hasta 2 decimales.'],
      });
    }
    const sameDay = await postJson({ name: 'Un día', sponsor_id: andes, start_date: '2025-06-01', end_date: '2025-06-01', budget: 0 });
    expect(sameDay.statusCode).toBe(201);
    expect(sameDay.json().data.budget).toBe(0);
  });

  it('refuses an image that is not PNG, JPG or GIF (415), storing nothing', async () => {
    const before = storedKeys(data.uploads);
    const response = await post({ name: 'Mala', sponsor_id: String(andes), image: file(SVG_BYTES, 'x.png', 'image/png') });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('El archivo de imagen debe ser una imagen PNG, JPG o GIF.');
    expect(storedKeys(data.uploads)).toEqual(before);
  });
});

describe('GET /api/v1/campaigns', () => {
  let withPlan: number;

  beforeAll(async () => {
    await ctx.db.delete(plans);
    await ctx.db.delete(campaigns);
    const rows: [string, string, string, number, string | null, string | null][] = [
      ['Auto Tranquilo', 'Grúa y paso de corriente', 'ACTIVE', andes, '2025-01-01', null],
      ['Mascotas', 'Veterinaria a domicilio', 'DRAFT', andes, '2025-09-01', '2026-01-01'],
      ['Conductor Seguro', 'Asistencia vial para conductores', 'PAUSED', azteca, '2024-06-01', '2025-06-01'],
      ['Éxito Móvil', 'Reposición de pantalla', 'INACTIVE', azteca, null, null],
    ];
    for (const [name, description, status, sponsorId, start, end] of rows) {
      await createCampaign({ name, description, status, sponsor_id: sponsorId, start_date: start ?? '', end_date: end ?? '' });
    }
    const [first] = await ctx.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.name, 'Auto Tranquilo'));
    withPlan = first!.id;
    const [base] = await ctx.db.insert(plans).values({ campaignId: withPlan, name: 'Básico', price: '19900.00' }).returning({ id: plans.id });
    await ctx.db.insert(plans).values({ campaignId: withPlan, name: 'Premium', price: '39900.00', status: 'ACTIVE', planId: base!.id });
  });

  const names = async (query: string) => (await get(`/api/v1/campaigns${query}`)).json().data.data.map((c: { name: string }) => c.name);

  it('answers the nested paginator, newest first by default, 12 a page', async () => {
    const response = await get('/api/v1/campaigns');
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 4 });
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['Éxito Móvil', 'Conductor Seguro', 'Mascotas', 'Auto Tranquilo']);
    expect(page.data[0]).not.toHaveProperty('sponsor');
  });

  it('filters by text in name or description, status, sponsor and country', async () => {
    expect(await names('?filter[q]=exito')).toEqual(['Éxito Móvil']);
    expect(await names('?q=DOMICILIO')).toEqual(['Mascotas']);
    expect(await names('?filter[status]=PAUSED')).toEqual(['Conductor Seguro']);
    expect(await names('?filter[status]=active,paused&sort=name')).toEqual(['Auto Tranquilo', 'Conductor Seguro']);
    expect(await names(`?filter[sponsor_id]=${azteca}&sort=name`)).toEqual(['Conductor Seguro', 'Éxito Móvil']);
    expect(await names(`?filter[country_id]=${countryIds.CO}&sort=name`)).toEqual(['Auto Tranquilo', 'Mascotas']);
    expect(await names(`?filter[country_id]=${countryIds.PE}`)).toEqual([]);
    const badStatus = await get('/api/v1/campaigns?filter[status]=ARCHIVED');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('El filtro status admite: DRAFT, ACTIVE, PAUSED, INACTIVE.');
    expect((await get('/api/v1/campaigns?filter[sponsor_id]=x')).statusCode).toBe(400);
  });

  it('sorts by name (ignoring accents), start date and creation', async () => {
    expect(await names('?sort=name')).toEqual(['Auto Tranquilo', 'Conductor Seguro', 'Éxito Móvil', 'Mascotas']);
    expect(await names('?sort=-name')).toEqual(['Mascotas', 'Éxito Móvil', 'Conductor Seguro', 'Auto Tranquilo']);
    expect(await names('?sort=start_date')).toEqual(['Conductor Seguro', 'Auto Tranquilo', 'Mascotas', 'Éxito Móvil']);
    expect(await names('?sort=created_at')).toEqual(['Auto Tranquilo', 'Mascotas', 'Conductor Seguro', 'Éxito Móvil']);
    expect((await get('/api/v1/campaigns?sort=status')).statusCode).toBe(400);
  });

  it('includes sponsor, country and plans, and picks fields', async () => {
    const [item] = (await get('/api/v1/campaigns?include=sponsor,country,plans&sort=name&limit=1')).json().data.data;
    expect(item.sponsor).toMatchObject({ id: andes, name: 'Andes Protección', logo_url: null });
    expect(item.country).toEqual({ id: countryIds.CO, name: 'Colombia' });
    expect(item.plans.map((plan: { name: string; price: number }) => [plan.name, plan.price])).toEqual([
      ['Básico', 19900],
      ['Premium', 39900],
    ]);
    const [picked] = (await get('/api/v1/campaigns?fields=id,name,status&sort=name&limit=1')).json().data.data;
    expect(picked).toEqual({ id: withPlan, name: 'Auto Tranquilo', status: 'ACTIVE' });
    expect((await get('/api/v1/campaigns?include=categories')).statusCode).toBe(400);
  });

  it('pages with the dropdown limit of 300 and refuses more', async () => {
    expect((await get(`/api/v1/campaigns?filter[sponsor_id]=${andes}&sort=name&limit=300`)).json().data.per_page).toBe(300);
    const page = (await get('/api/v1/campaigns?limit=3&page=2')).json().data;
    expect(page).toMatchObject({ current_page: 2, last_page: 2, total: 4, from: 4, to: 4 });
    expect((await get('/api/v1/campaigns?limit=301')).statusCode).toBe(400);
  });

  it('answers one campaign with every include the campaign page asks for', async () => {
    const response = await get(`/api/v1/campaigns/${withPlan}?include=sponsor,country,categories,plans,plans.services,plans.parent`);
    expect(response.statusCode).toBe(200);
    const campaign = response.json().data;
    expect(campaign).toMatchObject({ id: withPlan, name: 'Auto Tranquilo', sponsor: { id: andes }, country: { name: 'Colombia' }, categories: [] });
    expect(campaign.plans).toHaveLength(2);
    expect(campaign.plans[0]).toMatchObject({ name: 'Básico', status: 'DRAFT', services: [], parent: null, commitment_months: 1, auto_renew: false });
    expect(campaign.plans[1]).toMatchObject({ name: 'Premium', parent: { id: campaign.plans[0].id, name: 'Básico' } });
    const plain = (await get(`/api/v1/campaigns/${withPlan}`)).json().data;
    expect(plain).not.toHaveProperty('plans');
    expect(plain).not.toHaveProperty('sponsor');
    expect((await get('/api/v1/campaigns/999999')).json().message).toBe('La campaña no existe.');
  });

  it('refuses to delete a campaign that has plans (409)', async () => {
    const response = await ctx.inject({ method: 'DELETE', url: `/api/v1/campaigns/${withPlan}`, headers: auth() });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No se puede eliminar: tiene 2 planes');
    expect((await get(`/api/v1/campaigns/${withPlan}`)).statusCode).toBe(200);
  });

  it('says beforehand that a campaign with plans cannot be deleted, with the same text (GET …/deletion)', async () => {
    const check = await get(`/api/v1/campaigns/${withPlan}/deletion`);
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 planes' });
  });
});

describe('PUT /api/v1/campaigns/:id', () => {
  it('updates with POST + _method=PUT, replacing the image and removing the old file', async () => {
    const first = await post({ name: 'Con Imagen', sponsor_id: String(andes), image: file(pngBytes(5), 'a.png', 'image/png') });
    const created = first.json().data;
    const oldKey = keyOf(created.image_url);
    const response = await update(created.id, {
      name: 'Con Imagen Nueva',
      status: 'ACTIVE',
      description: 'Nueva descripción',
      budget: '2500',
      start_date: '2025-01-01',
      end_date: '2025-02-01',
      image: file(pngBytes(7, [1, 2, 3]), 'b.png', 'image/png'),
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({ name: 'Con Imagen Nueva', status: 'ACTIVE', description: 'Nueva descripción', budget: 2500, endDate: '2025-02-01' });
    expect(updated.image_url).not.toBe(created.image_url);
    expect(existsSync(path.join(data.uploads, oldKey))).toBe(false);
    expect(existsSync(path.join(data.uploads, keyOf(updated.image_url)))).toBe(true);
  });

  it('checks the end date against the stored start date, and clears optional fields sent empty', async () => {
    const created = await createCampaign({ name: 'Fechas', sponsor_id: andes, start_date: '2025-05-01', end_date: '2025-06-01', budget: 100 });
    const early = await ctx.inject({ method: 'PUT', url: `/api/v1/campaigns/${created.id}`, headers: auth(), payload: { end_date: '2025-04-30' } });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      message: 'La fecha de fin no puede ser anterior a la de inicio.',
      errors: { end_date: ['La fecha de fin no puede ser anterior a la de inicio.'] },
    });
    const cleared = await update(created.id, { start_date: '', budget: '', description: '' });
    expect(cleared.json().data).toMatchObject({ name: 'Fechas', start_date: null, end_date: '2025-06-01', budget: null, description: null });
    const moved = await ctx.inject({ method: 'PUT', url: `/api/v1/campaigns/${created.id}`, headers: auth(), payload: { sponsor_id: azteca, country_id: countryIds.MX } });
    expect(moved.json().data).toMatchObject({ sponsor_id: azteca, country_id: countryIds.MX, sponsor: { name: 'Azteca Movilidad' } });
  });

  it('validates like a create and answers 404 for an unknown campaign', async () => {
    const created = await createCampaign({ name: 'Valida', sponsor_id: andes });
    const put = (payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/campaigns/${created.id}`, headers: auth(), payload });
    expect((await put({ name: ' ' })).json().errors).toEqual({ name: ['El nombre es requerido'] });
    expect((await put({ status: 'BORRADOR' })).statusCode).toBe(422);
    expect((await put({ sponsor_id: 999999 })).json().errors).toEqual({ sponsor_id: ['El sponsor seleccionado no existe.'] });
    expect((await put({ sponsor_id: '' })).json().errors).toEqual({ sponsor_id: ['El sponsor es requerido'] });
    expect((await ctx.inject({ method: 'PUT', url: '/api/v1/campaigns/999999', headers: auth(), payload: { name: 'X' } })).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/campaigns/:id', () => {
  it('deletes the campaign (its image kept for a restore), after which its sponsor can go too', async () => {
    const sponsorId = await newSponsor('Efímero', 'PE');
    const created = (await post({ name: 'Efímera', sponsor_id: String(sponsorId), image: file(pngBytes(), 'a.png', 'image/png') })).json().data;
    const key = keyOf(created.image_url);
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${sponsorId}`, headers: auth() })).json().message).toBe(
      'No se puede eliminar: tiene 1 campaña',
    );
    const response = await ctx.inject({ method: 'DELETE', url: `/api/v1/campaigns/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Campaña eliminada correctamente.');
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    expect(existsSync(path.join(data.uploads, key))).toBe(true);
    expect((await get(`/api/v1/campaigns/${created.id}`)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${sponsorId}`, headers: auth() })).statusCode).toBe(200);
    expect(await ctx.db.select().from(sponsors).where(eq(sponsors.id, sponsorId))).toEqual([]);
  });
});

describe('GET /api/v1/campaigns/:id/deletion', () => {
  it('says a campaign without plans may be deleted; 404 for an unknown one; 401 without a token; 403 without the permission', async () => {
    const created = await createCampaign({ name: 'Sin Planes', sponsor_id: andes });
    expect((await get(`/api/v1/campaigns/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const missing = await get('/api/v1/campaigns/999999/deletion');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La campaña no existe.');
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/campaigns/${created.id}/deletion` })).statusCode).toBe(401);
    await ctx.createUser({ email: 'sin-rol.campanas@panel.test', roles: [] });
    const nobody = bearer(await ctx.signIn('sin-rol.campanas@panel.test'));
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/campaigns/${created.id}/deletion`, headers: nobody })).statusCode).toBe(403);
  });
});

describe('unique names within a sponsor', () => {
  const taken = { name: ['Ya existe una campaña con ese nombre en este sponsor.'] };

  it('refuses a second campaign of the same sponsor with the same name (case, accents, spaces ignored), but not in another sponsor', async () => {
    const owner = await newSponsor('Dueño Único', 'CO');
    const other = await newSponsor('Otro Dueño', 'CO');
    expect((await postJson({ name: 'Verano Ártico', sponsor_id: owner })).statusCode).toBe(201);
    const again = await postJson({ name: '  verano artico ', sponsor_id: owner });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(taken);
    expect((await postJson({ name: 'Verano Ártico', sponsor_id: other })).statusCode).toBe(201);
  });

  it('refuses a rename or a move into a sponsor that has the name; keeping its own name is fine', async () => {
    const owner = await newSponsor('Dueño Movido', 'CO');
    const other = await newSponsor('Destino Movido', 'CO');
    await createCampaign({ name: 'Ocupada', sponsor_id: owner });
    const moving = await createCampaign({ name: 'Ocupada', sponsor_id: other });
    const second = await createCampaign({ name: 'Segunda', sponsor_id: owner });

    const rename = await update(second.id, { name: 'OCUPADA' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors).toEqual(taken);
    const move = await update(moving.id, { sponsor_id: String(owner) });
    expect(move.statusCode).toBe(409);
    expect(move.json().errors).toEqual(taken);
    const own = await update(second.id, { name: 'segunda', description: 'Otra descripción' });
    expect(own.statusCode, own.body).toBe(200);
  });
});
