import { ROLE_SLUGS } from '@contract/role';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, countries, plans, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { describePermissionMatrix, signInAsEveryRole, type RoleTokens } from './support/roles';

let ctx: TestContext;
let tokens: RoleTokens;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  tokens = await signInAsEveryRole(ctx, 'countries');
  admin = bearer(tokens.SUPER_ADMIN);
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
const uniqueName = () => `Tierra de Prueba ${++counter}`;
const create = (payload: Record<string, unknown>, headers = admin) => ctx.inject({ method: 'POST', url: '/api/v1/countries', headers, payload });
const createOk = async (payload: Record<string, unknown> = {}) => {
  const response = await create({ name: uniqueName(), ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string; code: string | null };
};
const put = (id: number, payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/countries/${id}`, headers: admin, payload });
const remove = (id: number) => ctx.inject({ method: 'DELETE', url: `/api/v1/countries/${id}`, headers: admin });

/** A path plus query from a page URL the server built (it names its own host). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('GET /api/v1/countries', () => {
  it('works as the panel’s country loader: sort name, fields id,name, limit 300, following next_page_url', async () => {
    const total = (await ctx.db.select({ id: countries.id }).from(countries)).length;
    const collect = async (limit: number) => {
      const seen: { id: number; name: string }[] = [];
      let next: string | null = `/api/v1/countries?sort=name&fields=id,name&limit=${limit}`;
      for (let pages = 0; next && pages < 100; pages++) {
        const response = await ctx.inject({ method: 'GET', url: next, headers: bearer(tokens.OPERATOR) });
        expect(response.statusCode).toBe(200);
        const page = response.json().data;
        seen.push(...page.data);
        next = page.next_page_url ? pathOf(page.next_page_url) : null;
      }
      return seen;
    };
    const all = await collect(300);
    expect(all.length).toBe(total);
    expect(all.length).toBeGreaterThan(200);
    expect(Object.keys(all[0]!).sort()).toEqual(['id', 'name']);
    expect(all.map((country) => country.name)).toContain('Colombia');

    // The same list in several pages: every country once, in the same order.
    const paged = await collect(50);
    expect(paged).toEqual(all);
  });

  it('keeps its search, sorts and 400s', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/v1/countries?filter[q]=colom', headers: bearer(tokens.ADMIN) });
    expect(response.json().data.data).toEqual([expect.objectContaining({ name: 'Colombia', code: 'CO' })]);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/countries?sort=population', headers: admin })).statusCode).toBe(400);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/countries?filter[code]=CO', headers: admin })).statusCode).toBe(400);
  });

  it('searches ignoring accents and case: Peru finds Perú', async () => {
    for (const q of ['Peru', 'PERÚ', 'perú']) {
      const response = await ctx.inject({ method: 'GET', url: `/api/v1/countries?q=${encodeURIComponent(q)}`, headers: admin });
      expect(response.json().data.data, q).toEqual([expect.objectContaining({ name: 'Perú', code: 'PE' })]);
    }
  });

  it('answers one country, 404 when unknown', async () => {
    const [colombia] = await ctx.db.select().from(countries).where(eq(countries.code, 'CO'));
    const one = await ctx.inject({ method: 'GET', url: `/api/v1/countries/${colombia!.id}`, headers: admin });
    expect(one.json().data).toEqual({ id: colombia!.id, name: 'Colombia', code: 'CO', currency: 'COP', version: 1 });
    const missing = await ctx.inject({ method: 'GET', url: '/api/v1/countries/999999', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El país no existe.');
    // Above the PostgreSQL integer range: a bad id (400), never a database error.
    const huge = await ctx.inject({ method: 'GET', url: '/api/v1/countries/99999999999', headers: admin });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('El identificador no es válido.');
  });
});

describe('POST /api/v1/countries', () => {
  it('creates a country with a trimmed name and an upper-case code', async () => {
    const response = await create({ name: '  Atlántida  ', code: 'xa' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success', message: 'País creado.', data: { id: expect.any(Number), name: 'Atlántida', code: 'XA', currency: null, version: 1 } });
    const noCode = await createOk({ code: '' });
    expect(noCode.code).toBeNull();
  });

  it('accepts a form body', async () => {
    const form = await multipart({ name: uniqueName() });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/countries', headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(201);
  });

  it('requires a name and a well-formed code (422)', async () => {
    const missing = await create({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ name: ['El nombre es requerido'] });
    const blank = await create({ name: '   ', code: 'COL' });
    expect(blank.json().errors).toEqual({ name: ['El nombre es requerido'], code: ['El código debe tener 2 letras (ISO 3166-1).'] });
    const long = await create({ name: 'x'.repeat(101) });
    expect(long.json().errors).toEqual({ name: ['El nombre no puede superar 100 caracteres.'] });
  });

  it('refuses a name that exists, whatever its case, and a code that exists (409)', async () => {
    const name = await create({ name: 'COLOMBIA' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'Ya existe un país con ese nombre', errors: { name: ['Ya existe un país con ese nombre'] } });
    const code = await create({ name: uniqueName(), code: 'co' });
    expect(code.statusCode).toBe(409);
    expect(code.json().errors).toEqual({ code: ['Ya existe un país con ese código'] });
  });
});

describe('a country’s currency', () => {
  it('is its code’s own ISO 4217 currency unless one is given, and refuses one that is not three letters', async () => {
    expect(await createOk({ code: 'YY' })).toMatchObject({ code: 'YY', currency: null });
    expect(await createOk({ currency: ' usd ' })).toMatchObject({ currency: 'USD' });
    const bad = await create({ name: uniqueName(), currency: 'pesos' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ currency: ['La moneda debe tener 3 letras (ISO 4217).'] });
  });

  it('is every campaign’s and plan’s of the country, and follows when it changes', async () => {
    const country = await createOk({ currency: 'USD' });
    const [sponsor] = await ctx.db.insert(sponsors).values({ name: uniqueName(), countryId: country.id }).returning();
    // Whatever a write says, a campaign's currency is its country's and a plan's its campaign's.
    const [campaign] = await ctx.db.insert(campaigns).values({ name: 'Campaña en dólares', sponsorId: sponsor!.id, countryId: country.id, currency: 'XXX' }).returning();
    const [plan] = await ctx.db.insert(plans).values({ campaignId: campaign!.id, name: 'Plan en dólares' }).returning();
    expect([campaign!.currency, plan!.currency]).toEqual(['USD', 'USD']);
    expect((await put(country.id, { name: country.name, currency: 'EUR' })).json().data.currency).toBe('EUR');
    const currencyOf = async () => [
      (await ctx.db.select({ currency: campaigns.currency }).from(campaigns).where(eq(campaigns.id, campaign!.id)))[0]!.currency,
      (await ctx.db.select({ currency: plans.currency }).from(plans).where(eq(plans.id, plan!.id)))[0]!.currency,
    ];
    expect(await currencyOf()).toEqual(['EUR', 'EUR']);
    // A campaign moved to Mexico sells in Mexican pesos.
    const [mexico] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'MX'));
    await ctx.db.update(campaigns).set({ countryId: mexico!.id }).where(eq(campaigns.id, campaign!.id));
    expect(await currencyOf()).toEqual(['MXN', 'MXN']);
    const answered = await ctx.inject({ method: 'GET', url: `/api/v1/campaigns/${campaign!.id}?include=plans`, headers: admin });
    expect(answered.json().data).toMatchObject({ currency: 'MXN', plans: [{ currency: 'MXN' }] });
  });
});

describe('PUT /api/v1/countries/:id', () => {
  it('renames a country, keeps its code when none is sent and may keep its own name', async () => {
    const created = await createOk({ code: 'XB' });
    const renamed = await put(created.id, { name: 'Nombre Nuevo' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'País actualizado.', data: { id: created.id, name: 'Nombre Nuevo', code: 'XB' } });
    expect((await put(created.id, { name: 'nombre nuevo' })).statusCode).toBe(200);
    expect((await put(created.id, { name: 'Nombre Nuevo', code: null })).json().data.code).toBeNull();
  });

  it('answers POST with _method=PUT', async () => {
    const created = await createOk();
    const form = await multipart({ _method: 'PUT', name: 'Por Formulario' });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/countries/${created.id}`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Por Formulario');
  });

  it('refuses another country’s name (409), a blank name (422), an unknown country (404)', async () => {
    const created = await createOk();
    const taken = await put(created.id, { name: 'colombia' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe un país con ese nombre');
    expect((await put(created.id, { name: '' })).statusCode).toBe(422);
    expect((await put(999999, { name: uniqueName() })).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/countries/:id', () => {
  it('deletes an unused country', async () => {
    const created = await createOk();
    const response = await remove(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'País eliminado.', data: { entry_id: expect.any(Number), restorable_until: expect.any(String) } });
    expect((await remove(created.id)).statusCode).toBe(404);
  });

  it('refuses to delete a country assigned to a user (409), saying so', async () => {
    const created = await createOk();
    const user = await ctx.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { dni: 'C-1', name: 'Con País', email: 'con-pais@panel.test', phone: '1', password: 'Clave12345', roles: ['OPERATOR'], country_id: created.id },
    });
    expect(user.statusCode).toBe(201);
    const response = await remove(created.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'No se puede eliminar: tiene 1 usuario' });
    const check = await ctx.inject({ method: 'GET', url: `/api/v1/countries/${created.id}/deletion`, headers: admin });
    expect(check.json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 1 usuario' });
  });

  it('refuses to delete a country its sponsors or campaigns are in, counting them (409), and says so beforehand', async () => {
    const created = await createOk();
    const check = () => ctx.inject({ method: 'GET', url: `/api/v1/countries/${created.id}/deletion`, headers: admin });
    expect((await check()).json().data).toEqual({ deletable: true, reason: null });
    const sponsorIds: number[] = [];
    for (const name of ['País Sponsor Uno', 'País Sponsor Dos']) {
      const sponsor = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: admin, payload: { name, country_id: created.id } });
      expect(sponsor.statusCode, sponsor.body).toBe(201);
      sponsorIds.push(sponsor.json().data.id);
    }
    const refused = await remove(created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 2 sponsors');
    expect((await check()).json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 sponsors' });

    // A campaign in this country whose sponsor is elsewhere blocks it too.
    const elsewhere = await createOk();
    for (const id of sponsorIds) {
      const moved = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${id}`, headers: admin, payload: { country_id: elsewhere.id } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const campaign = await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: admin, payload: { name: 'En el país', sponsor_id: sponsorIds[0], country_id: created.id } });
    expect(campaign.statusCode, campaign.body).toBe(201);
    expect((await remove(created.id)).json().message).toBe('No se puede eliminar: tiene 1 campaña');
  });

  it('answers 404 for an unknown country when asked whether it can be deleted', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/v1/countries/999999/deletion', headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('El país no existe.');
  });
});

const everyRole = ROLE_SLUGS;
describePermissionMatrix(
  () => ctx,
  () => tokens,
  [
    { name: 'GET /api/v1/countries', allowed: everyRole, request: () => ({ method: 'GET', url: '/api/v1/countries?sort=name&fields=id,name&limit=300' }) },
    {
      name: 'GET /api/v1/countries/:id',
      allowed: everyRole,
      request: async () => ({ method: 'GET', url: `/api/v1/countries/${(await ctx.db.select({ id: countries.id }).from(countries).limit(1))[0]!.id}` }),
    },
    {
      name: 'POST /api/v1/countries',
      allowed: ['SUPER_ADMIN'],
      status: 201,
      request: () => ({ method: 'POST', url: '/api/v1/countries', payload: { name: uniqueName() } }),
    },
    {
      name: 'GET /api/v1/countries/:id/deletion',
      allowed: ['SUPER_ADMIN'],
      request: async () => ({ method: 'GET', url: `/api/v1/countries/${(await createOk()).id}/deletion` }),
    },
    {
      name: 'PUT /api/v1/countries/:id',
      allowed: ['SUPER_ADMIN'],
      request: async () => ({ method: 'PUT', url: `/api/v1/countries/${(await createOk()).id}`, payload: { name: uniqueName() } }),
    },
    {
      name: 'DELETE /api/v1/countries/:id',
      allowed: ['SUPER_ADMIN'],
      request: async () => ({ method: 'DELETE', url: `/api/v1/countries/${(await createOk()).id}` }),
    },
  ],
);
