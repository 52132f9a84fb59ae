import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, countries, sponsors } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { GIF_1X1, JPEG_BYTES, SVG_BYTES, file, keyOf, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('sponsors');
const countryIds: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  for (const code of ['CO', 'MX', 'PE', 'CL']) {
    const [row] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    countryIds[code] = row!.id;
  }
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const auth = () => bearer(token);

/** Creates a sponsor through the API (multipart, as the panel does) and returns its item. */
async function createSponsor(fields: Record<string, string | Blob>) {
  const body = await multipart(fields);
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...auth(), ...body.headers }, payload: body.payload });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as Record<string, unknown> & { id: number; logo_url: string | null };
}

const get = (url: string) => ctx.inject({ method: 'GET', url, headers: auth() });
const list = (query = '') => get(`/api/v1/sponsors${query}`);

/** Removes every sponsor and campaign, for tests about lists. */
async function emptyTables() {
  await ctx.db.delete(campaigns);
  await ctx.db.delete(sponsors);
}

describe('access', () => {
  it('answers 401 without a token on every sponsor endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/sponsors'],
      ['GET', '/api/v1/sponsors/1'],
      ['POST', '/api/v1/sponsors'],
      ['PUT', '/api/v1/sponsors/1'],
      ['POST', '/api/v1/sponsors/1'],
      ['DELETE', '/api/v1/sponsors/1'],
    ] as const) {
      const response = await ctx.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().status).toBe('error');
    }
  });

  it('lets every role manage sponsors', async () => {
    await ctx.createUser({ email: 'operador.sponsors@panel.test', roles: ['OPERATOR'] });
    const operator = await ctx.signIn('operador.sponsors@panel.test');
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/v1/sponsors',
      headers: bearer(operator),
      payload: { name: 'Operadora S.A.', country_id: countryIds.CO },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('POST /api/v1/sponsors', () => {
  it('creates a sponsor from multipart with a logo it serves back byte for byte', async () => {
    const png = pngBytes(16);
    const created = await createSponsor({
      name: '  Andes Protección  ',
      country_id: String(countryIds.CO),
      website_url: 'www.andes.com.co',
      logo: file(png, '../../etc/passwd.png', 'image/png'),
    });
    expect(created).toMatchObject({
      name: 'Andes Protección',
      country_id: countryIds.CO,
      website_url: 'https://www.andes.com.co',
      website: 'https://www.andes.com.co',
      country: { id: countryIds.CO, name: 'Colombia' },
    });
    expect(created.logo_url).toMatch(/^\/storage\/sponsors\/[0-9a-f]{32}\.png$/);
    // The client's file name is never used.
    expect(created.logo_url).not.toContain('passwd');
    expect(new Date(created.created_at as string).toString()).not.toBe('Invalid Date');

    const logo = await ctx.inject({ method: 'GET', url: created.logo_url! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(logo.rawPayload, png)).toBe(0);
    expect(readFileSync(path.join(data.uploads, keyOf(created.logo_url!)))).toEqual(png);
  });

  it('accepts JPG and GIF logos, stored under their real extension', async () => {
    const jpeg = await createSponsor({ name: 'Jpeg SA', country_id: String(countryIds.MX), logo: file(JPEG_BYTES, 'logo.png', 'image/png') });
    expect(jpeg.logo_url).toMatch(/\.jpg$/);
    expect((await ctx.inject({ method: 'GET', url: jpeg.logo_url! })).headers['content-type']).toBe('image/jpeg');
    const gif = await createSponsor({ name: 'Gif SA', country_id: String(countryIds.MX), logo: file(GIF_1X1, 'logo.jpg', 'image/jpeg') });
    expect(gif.logo_url).toMatch(/\.gif$/);
    expect((await ctx.inject({ method: 'GET', url: gif.logo_url! })).headers['content-type']).toBe('image/gif');
  });

  it('creates from JSON without a logo', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/v1/sponsors',
      headers: auth(),
      payload: { name: 'Sin Logo', country_id: countryIds.PE },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'Sponsor creado correctamente.',
      data: { name: 'Sin Logo', logo_url: null, website_url: null, website: null },
    });
  });

  it('requires the name and the country, in Spanish (422)', async () => {
    const body = await multipart({ name: '   ', website_url: '' });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['El nombre es requerido'], country_id: ['El país es requerido'] });
  });

  it('refuses a country that does not exist (422)', async () => {
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload: { name: 'X', country_id: 999999 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ country_id: ['El país seleccionado no existe.'] });
  });

  it('stores the website normalised and accepts only http and https', async () => {
    const cases: [string, string][] = [
      ['acme.com', 'https://acme.com'],
      ['http://acme.com/ruta?x=1', 'http://acme.com/ruta?x=1'],
      ['HTTPS://Acme.com', 'HTTPS://Acme.com'],
      ['localhost:3000', 'https://localhost:3000'],
    ];
    for (const [typed, stored] of cases) {
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/v1/sponsors',
        headers: auth(),
        payload: { name: `Web ${typed}`, country_id: countryIds.CO, website_url: typed },
      });
      expect(response.statusCode, typed).toBe(201);
      expect(response.json().data.website_url, typed).toBe(stored);
    }
    for (const typed of ['javascript:alert(1)', 'ftp://acme.com', 'data:text/html,hola', 'mailto:a@b.co', 'http://', 'no es una url']) {
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/v1/sponsors',
        headers: auth(),
        payload: { name: 'Web', country_id: countryIds.CO, website_url: typed },
      });
      expect(response.statusCode, typed).toBe(422);
      expect(response.json().errors, typed).toEqual({ website_url: ['El sitio web debe ser una URL http o https válida.'] });
    }
  });

  it('refuses an SVG or a text file named .png as the logo (415), storing nothing', async () => {
    const before = storedKeys(data.uploads);
    for (const logo of [file(SVG_BYTES, 'logo.svg', 'image/svg+xml'), file(Buffer.from('hola, no soy una imagen'), 'logo.png', 'image/png')]) {
      const body = await multipart({ name: 'Malo', country_id: String(countryIds.CO), logo });
      const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...auth(), ...body.headers }, payload: body.payload });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('El archivo de logo debe ser una imagen PNG, JPG o GIF.');
    }
    expect(storedKeys(data.uploads)).toEqual(before);
  });

  it('refuses a logo over 10 MB (413)', async () => {
    const big = Buffer.concat([pngBytes(2), Buffer.alloc(10 * 1024 * 1024)]);
    const body = await multipart({ name: 'Grande', country_id: String(countryIds.CO), logo: file(big, 'grande.png', 'image/png') });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('El archivo supera el máximo de 10 MB.');
  });

  it('refuses text sent in place of the logo file (422)', async () => {
    const body = await multipart({ name: 'Texto', country_id: String(countryIds.CO), logo: 'https://example.com/logo.png' });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['El logo debe enviarse como archivo.'] });
  });
});

describe('GET /api/v1/sponsors', () => {
  beforeAll(async () => {
    await emptyTables();
    for (const [name, code] of [
      ['banco Andino', 'CO'],
      ['Ágil Seguros', 'MX'],
      ['Zeta Asistencia', 'PE'],
      ['acme Chile', 'CL'],
      ['Caribe Hogar', 'CO'],
    ] as const) {
      await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload: { name, country_id: countryIds[code] } });
    }
  });

  it('answers the nested Laravel paginator (data.data), sorted by name by default', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 24, total: 5, from: 1, to: 5, prev_page_url: null, next_page_url: null });
    expect(page.data.map((s: { name: string }) => s.name)).toEqual(['acme Chile', 'Ágil Seguros', 'banco Andino', 'Caribe Hogar', 'Zeta Asistencia']);
    expect(page.data[0]).not.toHaveProperty('country');
  });

  it('sorts A→Z and Z→A ignoring case and accents, and by created_at or id', async () => {
    const names = async (sort: string) => (await list(`?sort=${sort}`)).json().data.data.map((s: { name: string }) => s.name);
    expect(await names('-name')).toEqual(['Zeta Asistencia', 'Caribe Hogar', 'banco Andino', 'Ágil Seguros', 'acme Chile']);
    expect(await names('created_at')).toEqual(['banco Andino', 'Ágil Seguros', 'Zeta Asistencia', 'acme Chile', 'Caribe Hogar']);
    expect(await names('-id')).toEqual(['Caribe Hogar', 'acme Chile', 'Zeta Asistencia', 'Ágil Seguros', 'banco Andino']);
    const bad = await list('?sort=website');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Orden no permitido: website. Órdenes permitidos: id, name, created_at.');
  });

  it('filters by name (filter[q] or q, ignoring case and accents) and by country', async () => {
    const names = async (query: string) => (await list(query)).json().data.data.map((s: { name: string }) => s.name);
    expect(await names('?filter[q]=SEGUROS')).toEqual(['Ágil Seguros']);
    expect(await names('?q=an')).toEqual(['banco Andino']);
    // Accents and case do not matter, as in the sort.
    expect(await names('?q=agil')).toEqual(['Ágil Seguros']);
    expect(await names(`?q=${encodeURIComponent('ÁGÍL')}`)).toEqual(['Ágil Seguros']);
    expect(await names(`?filter[country_id]=${countryIds.CO}`)).toEqual(['banco Andino', 'Caribe Hogar']);
    expect(await names(`?filter[country_id]=${countryIds.CO}&filter[q]=caribe`)).toEqual(['Caribe Hogar']);
    expect(await names('?filter[q]=%25')).toEqual([]);
    expect((await list('?filter[country_id]=abc')).statusCode).toBe(400);
    const unknown = await list('?filter[website]=x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Filtro no permitido: website. Filtros permitidos: q, country_id.');
  });

  it('includes the country and picks fields', async () => {
    const withCountry = (await list('?include=country&limit=1')).json().data.data[0];
    expect(withCountry.country).toEqual({ id: countryIds.CL, name: 'Chile' });
    const picked = (await list('?fields=id,name&limit=1')).json().data.data[0];
    expect(Object.keys(picked).sort()).toEqual(['id', 'name']);
    const both = (await list('?fields=id,name&include=country&limit=1')).json().data.data[0];
    expect(Object.keys(both).sort()).toEqual(['country', 'id', 'name']);
    expect((await list('?include=campaigns')).statusCode).toBe(400);
  });

  it('pages with limit and page, keeping the query in the page URLs', async () => {
    const page = (await list('?sort=name&limit=2&page=2&filter[q]=a')).json().data;
    expect(page).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 });
    expect(page.next_page_url).toContain('page=3');
    expect(page.next_page_url).toContain('filter%5Bq%5D=a');
    expect((await list('?limit=301')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/sponsors/:id', () => {
  it('answers one sponsor, with its country when asked', async () => {
    const created = await createSponsor({ name: 'Detalle SA', country_id: String(countryIds.PE) });
    const plain = (await get(`/api/v1/sponsors/${created.id}`)).json().data;
    expect(plain).toMatchObject({ id: created.id, name: 'Detalle SA', country_id: countryIds.PE });
    expect(plain).not.toHaveProperty('country');
    const full = (await get(`/api/v1/sponsors/${created.id}?include=country`)).json().data;
    expect(full.country).toEqual({ id: countryIds.PE, name: 'Perú' });
  });

  it('answers 404 for an unknown sponsor and 400 for a bad id', async () => {
    const missing = await get('/api/v1/sponsors/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El sponsor no existe.');
    expect((await get('/api/v1/sponsors/abc')).statusCode).toBe(400);
    // Above the PostgreSQL integer range: the same 400, never a database error.
    for (const id of ['2147483648', '99999999999']) {
      const huge = await get(`/api/v1/sponsors/${id}`);
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe('El identificador no es válido.');
    }
  });
});

describe('PUT /api/v1/sponsors/:id', () => {
  it('moves updated_at on every update, and only there', async () => {
    const created = await createSponsor({ name: 'Reloj', country_id: String(countryIds.CO) });
    expect(created.updated_at).toBe(created.created_at);
    const response = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${created.id}`, headers: auth(), payload: { name: 'Reloj 2' } });
    const updated = response.json().data;
    expect(updated.created_at).toBe(created.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at as string));
  });

  it('updates with POST + _method=PUT, replacing the logo and removing the old file', async () => {
    const created = await createSponsor({ name: 'Viejo', country_id: String(countryIds.CO), logo: file(pngBytes(4), 'a.png', 'image/png') });
    const oldKey = keyOf(created.logo_url!);
    expect(existsSync(path.join(data.uploads, oldKey))).toBe(true);

    const newLogo = pngBytes(6, [10, 200, 10]);
    const body = await multipart({
      _method: 'PUT',
      name: 'Nuevo',
      country_id: String(countryIds.MX),
      website_url: 'nuevo.mx',
      logo: file(newLogo, 'b.png', 'image/png'),
    });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/sponsors/${created.id}`, headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({ name: 'Nuevo', country_id: countryIds.MX, website_url: 'https://nuevo.mx', country: { name: 'México' } });
    expect(updated.logo_url).not.toBe(created.logo_url);
    expect(existsSync(path.join(data.uploads, oldKey))).toBe(false);
    expect((await ctx.inject({ method: 'GET', url: created.logo_url! })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: updated.logo_url })).rawPayload).toEqual(newLogo);
  });

  it('changes only the fields sent, and an empty website clears it', async () => {
    const created = await createSponsor({ name: 'Parcial', country_id: String(countryIds.CO), website_url: 'parcial.co', logo: file(pngBytes(), 'a.png', 'image/png') });
    const rename = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${created.id}`, headers: auth(), payload: { name: 'Parcial 2' } });
    expect(rename.json().data).toMatchObject({ name: 'Parcial 2', country_id: countryIds.CO, website_url: 'https://parcial.co', logo_url: created.logo_url });
    const clear = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${created.id}`, headers: auth(), payload: { website_url: '' } });
    expect(clear.json().data.website_url).toBeNull();
    expect(existsSync(path.join(data.uploads, keyOf(created.logo_url!)))).toBe(true);
  });

  it('validates like a create and keeps the old logo when the new one is refused', async () => {
    const created = await createSponsor({ name: 'Valida', country_id: String(countryIds.CO), logo: file(pngBytes(), 'a.png', 'image/png') });
    const put = (payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${created.id}`, headers: auth(), payload });
    expect((await put({ name: '' })).json().errors).toEqual({ name: ['El nombre es requerido'] });
    expect((await put({ country_id: '' })).json().errors).toEqual({ country_id: ['El país es requerido'] });
    expect((await put({ country_id: 999999 })).statusCode).toBe(422);
    expect((await put({ website_url: 'javascript:alert(1)' })).statusCode).toBe(422);

    const before = storedKeys(data.uploads);
    const body = await multipart({ _method: 'PUT', logo: file(SVG_BYTES, 'x.svg', 'image/svg+xml') });
    const refused = await ctx.inject({ method: 'POST', url: `/api/v1/sponsors/${created.id}`, headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(refused.statusCode).toBe(415);
    expect(storedKeys(data.uploads)).toEqual(before);
    expect((await get(`/api/v1/sponsors/${created.id}`)).json().data.logo_url).toBe(created.logo_url);
  });

  it('answers 404 for an unknown sponsor', async () => {
    const response = await ctx.inject({ method: 'PUT', url: '/api/v1/sponsors/999999', headers: auth(), payload: { name: 'X' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/sponsors/:id', () => {
  it('refuses a sponsor that has campaigns with a 409 that says why', async () => {
    const created = await createSponsor({ name: 'Con Campañas', country_id: String(countryIds.CO) });
    for (const name of ['Una', 'Otra']) {
      await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: auth(), payload: { name, sponsor_id: created.id } });
    }
    const response = await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No se puede eliminar: tiene 2 campañas');
    expect((await get(`/api/v1/sponsors/${created.id}`)).statusCode).toBe(200);
  });

  it('deletes the sponsor, keeping its logo file for a restore', async () => {
    const created = await createSponsor({ name: 'Borrable', country_id: String(countryIds.CO), logo: file(pngBytes(), 'a.png', 'image/png') });
    const key = keyOf(created.logo_url!);
    const response = await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Sponsor eliminado correctamente.', data: { entry_id: expect.any(Number), restorable_until: expect.any(String) } });
    // Kept until RESTORE_WINDOW passes (tests/api/restore.test.ts covers its cleanup).
    expect(existsSync(path.join(data.uploads, key))).toBe(true);
    expect((await get(`/api/v1/sponsors/${created.id}`)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${created.id}`, headers: auth() })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/sponsors/:id/deletion', () => {
  const check = (id: number, headers = auth()) => ctx.inject({ method: 'GET', url: `/api/v1/sponsors/${id}/deletion`, headers });

  it('says a sponsor without campaigns may be deleted, and one with campaigns not, with the text the delete answers', async () => {
    const created = await createSponsor({ name: 'Consultado', country_id: String(countryIds.PE) });
    expect((await check(created.id)).json().data).toEqual({ deletable: true, reason: null });

    await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: auth(), payload: { name: 'Única', sponsor_id: created.id } });
    const response = await check(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 1 campaña' });
    const refused = await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${created.id}`, headers: auth() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(response.json().data.reason);
  });

  it('answers 404 for an unknown sponsor, 401 without a token and 403 without the permission', async () => {
    expect((await check(999999)).json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El sponsor no existe.' });
    expect((await check(999999)).statusCode).toBe(404);
    const created = await createSponsor({ name: 'Sin Permiso', country_id: String(countryIds.PE) });
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/sponsors/${created.id}/deletion` })).statusCode).toBe(401);
    await ctx.createUser({ email: 'sin-rol.sponsors@panel.test', roles: [] });
    const nobody = await ctx.signIn('sin-rol.sponsors@panel.test');
    expect((await check(created.id, bearer(nobody))).statusCode).toBe(403);
  });
});

describe('unique names', () => {
  const post = (payload: Record<string, unknown>) => ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload });
  const taken = { name: ['Ya existe un sponsor con ese nombre.'] };

  it('refuses a second sponsor with the same name, ignoring case, accents and surrounding spaces (409 with an error on name)', async () => {
    expect((await post({ name: 'Protección Ándina', country_id: countryIds.CO })).statusCode).toBe(201);
    for (const name of ['Protección Ándina', 'proteccion andina', '  PROTECCIÓN ANDINA  ']) {
      const response = await post({ name, country_id: countryIds.MX });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().errors, name).toEqual(taken);
    }
    expect((await list('?filter[q]=andina')).json().data.total).toBe(1);
  });

  it('refuses renaming to another sponsor’s name, keeps its own name, and stores no logo of a refused write', async () => {
    const first = await createSponsor({ name: 'Nombre Tomado', country_id: String(countryIds.CO) });
    const second = await createSponsor({ name: 'Otro Nombre', country_id: String(countryIds.CO) });
    const before = storedKeys(data.uploads);
    const body = await multipart({ _method: 'PUT', name: 'nombre tomado', logo: file(pngBytes(), 'a.png', 'image/png') });
    const refused = await ctx.inject({ method: 'POST', url: `/api/v1/sponsors/${second.id}`, headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(taken);
    expect(storedKeys(data.uploads)).toEqual(before);
    const own = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${first.id}`, headers: auth(), payload: { name: 'NOMBRE TOMADO' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.name).toBe('NOMBRE TOMADO');
  });

  it('lets only one of several simultaneous creations with the same name through; the others get the same 409', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => post({ name: 'Carrera Simultánea', country_id: countryIds.CO })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((response) => response.statusCode === 409)) expect(response.json().errors).toEqual(taken);
  });

  it('is guarded by the database too: a second row with the folded name is refused', async () => {
    await post({ name: 'Índice Único', country_id: countryIds.CO });
    await expect(ctx.db.insert(sponsors).values({ name: ' indice unico ', countryId: countryIds.CO! })).rejects.toThrow();
  });
});
