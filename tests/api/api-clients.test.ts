import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients } from '../../server/db/schema';
import { hashSecret } from '../../server/security/secrets';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

let ctx: TestContext;
let token: string;
let dspId: number;
let otherDspId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
  dspId = (await insertDspWithPlans(ctx, 'Andes Clientes', ['Plan Uno'])).dspId;
  otherDspId = (await insertDspWithPlans(ctx, 'Caribe Clientes', ['Plan Dos'])).dspId;
});
afterAll(async () => {
  await ctx?.close();
});

const REQUIRED = 'Los campos name, client_id y client_secret son obligatorios.';
const auth = () => bearer(token);
const get = (url: string) => ctx.inject({ method: 'GET', url, headers: auth() });
const post = (payload: Record<string, unknown>, dsp = dspId) => ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dsp}/clients`, headers: auth(), payload });
const put = (id: number, payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/clients/${id}`, headers: auth(), payload });
const remove = (id: number) => ctx.inject({ method: 'DELETE', url: `/api/v1/clients/${id}`, headers: auth() });

let counter = 0;
const valid = (extra: Record<string, unknown> = {}) => ({ name: `Cliente ${++counter}`, client_id: `cli-${counter}-${Date.now()}`, client_secret: 'un-secreto-largo-de-prueba', ...extra });
async function createClient(extra: Record<string, unknown> = {}, dsp = dspId) {
  const response = await post(valid(extra), dsp);
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as { id: number; client_id: string; client_secret: string; name: string } & Record<string, unknown>;
}
const storedHash = async (id: number) => (await ctx.db.select({ hash: apiClients.clientSecretHash }).from(apiClients).where(eq(apiClients.id, id)))[0]!.hash;

describe('POST /api/v1/dsps/:dspId/clients', () => {
  it('creates a client from a form with lists and a rate limit, answering its secret once and storing only its hash', async () => {
    const body = await multipart({
      name: '  Backend Reservas  ',
      base_url: ' https://api.dsp.example.com/v1 ',
      client_id: '  reservas-backend ',
      client_secret: 'secreto-escrito-123456',
      type: 'PARTNER',
      enabled: '0',
      'scopes[0]': ' bookings:read ',
      'scopes[1]': '',
      'scopes[2]': 'bookings:write',
      'ip_whitelist[0]': '10.0.0.0/8',
      'ip_whitelist[1]': '2001:db8::1',
      'rate_limit[max_requests]': '120',
      'rate_limit[period]': 'minute',
    });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/clients`, headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Cliente API creado correctamente.');
    const created = response.json().data;
    expect(created).toMatchObject({
      dsp_id: dspId,
      name: 'Backend Reservas',
      base_url: 'https://api.dsp.example.com/v1',
      client_id: 'reservas-backend',
      client_secret: 'secreto-escrito-123456',
      type: 'PARTNER',
      enabled: false,
      scopes: ['bookings:read', 'bookings:write'],
      ip_whitelist: ['10.0.0.0/8', '2001:db8::1'],
      rate_limit: { max_requests: 120, period: 'minute' },
    });
    expect(await storedHash(created.id)).toBe(hashSecret('secreto-escrito-123456'));
  });

  it('takes lists as comma or newline text, defaults type BACKEND, enabled and the hour period', async () => {
    const created = await createClient({ scopes: 'a, b\nc\r\n\n, a', ip_whitelist: '192.168.1.10\n 172.16.0.0/12 ', rate_limit: { max_requests: 0 } });
    expect(created).toMatchObject({ type: 'BACKEND', enabled: true, base_url: null, scopes: ['a', 'b', 'c'], ip_whitelist: ['192.168.1.10', '172.16.0.0/12'], rate_limit: { max_requests: 0, period: 'hour' } });
    const plain = await createClient();
    expect(plain).toMatchObject({ scopes: [], ip_whitelist: [], rate_limit: null });
  });

  it('generates a strong secret when asked, instead of a typed one', async () => {
    const created = await createClient({ client_secret: undefined, generate_secret: true });
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedHash(created.id)).toBe(hashSecret(created.client_secret));
  });

  it('asks for name, client_id and client_secret with the one message, each on its field', async () => {
    const response = await post({ base_url: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({ name: [REQUIRED], client_id: [REQUIRED], client_secret: [REQUIRED] });
    const blank = await post({ name: '  ', client_id: 'x', client_secret: '' });
    expect(blank.json().errors).toEqual({ name: [REQUIRED], client_secret: [REQUIRED] });
    expect((await post(valid({ client_secret: 'corto' }))).json().errors.client_secret).toEqual(['El client_secret debe tener al menos 16 caracteres.']);
  });

  it("takes a base URL as a sponsor's website is taken: 'app.nortesalud.co' is stored with https://", async () => {
    const created = await post(valid({ client_id: 'norte-url', base_url: ' app.nortesalud.co ' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.base_url).toBe('https://app.nortesalud.co');
  });

  it('refuses a base URL that is not http(s), a bad type, and a bad rate limit', async () => {
    for (const base_url of ['no es url', 'ftp://x.example.com', 'javascript:alert(1)']) {
      expect((await post(valid({ base_url }))).json().errors.base_url, base_url).toEqual(['La URL base debe ser una URL válida (http o https).']);
    }
    expect((await post(valid({ type: 'OTRO' }))).json().errors.type).toEqual(['El tipo debe ser BACKEND, PARTNER, INTEGRATOR o ANALYTICS.']);
    for (const max of [-1, '1.5', 'mucho']) {
      const response = await post(valid({ rate_limit: { max_requests: max } }));
      expect(JSON.stringify(response.json().errors), String(max)).toContain('El máximo de solicitudes debe ser un número entero mayor o igual a 0.');
    }
    const period = await post(valid({ rate_limit: { max_requests: 5, period: 'week' } }));
    expect(JSON.stringify(period.json().errors)).toContain('El periodo debe ser minute, hour o day.');
  });

  it('refuses an ip_whitelist entry that is neither an IP nor a CIDR range, naming it', async () => {
    const response = await post(valid({ ip_whitelist: ['10.0.0.1', 'servidor.local', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1'] }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.ip_whitelist).toEqual([
      '"servidor.local" no es una dirección IP ni un rango CIDR.',
      '"10.0.0.0/33" no es una dirección IP ni un rango CIDR.',
      '"::1/129" no es una dirección IP ni un rango CIDR.',
      '"1.2.3.4/8/1" no es una dirección IP ni un rango CIDR.',
    ]);
  });

  it('keeps client_id unique across every DSP (409) and answers 404 for an unknown DSP', async () => {
    const first = await createClient();
    const taken = await post(valid({ client_id: first.client_id }), otherDspId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ client_id: ['Ya existe un cliente API con ese client_id.'] });
    const unknown = await post(valid(), 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('La DSP no existe.');
  });
});

describe('GET /api/v1/dsps/:dspId/clients and /api/v1/clients/:id', () => {
  it('lists only the DSP’s clients by name, 50 a page, with q, type, enabled, sort and fields', async () => {
    const listed = (await insertDspWithPlans(ctx, 'Lista Clientes', ['Plan Lista'])).dspId;
    await createClient({ name: 'Zeta Analítica', type: 'ANALYTICS' }, listed);
    await createClient({ name: 'Álamo Socio', type: 'PARTNER', enabled: false, base_url: 'https://alamo.example.com' }, listed);
    await createClient({ name: 'beta backend' }, listed);
    const names = async (query = '') => ((await get(`/api/v1/dsps/${listed}/clients${query}`)).json().data.data as { name: string }[]).map((item) => item.name);
    expect(await names()).toEqual(['Álamo Socio', 'beta backend', 'Zeta Analítica']);
    expect(await names('?sort=-name')).toEqual(['Zeta Analítica', 'beta backend', 'Álamo Socio']);
    expect(await names('?filter[type]=ANALYTICS,PARTNER')).toEqual(['Álamo Socio', 'Zeta Analítica']);
    expect(await names('?filter[enabled]=false')).toEqual(['Álamo Socio']);
    expect(await names('?q=alamo.example')).toEqual(['Álamo Socio']);
    const page = (await get(`/api/v1/dsps/${listed}/clients`)).json().data;
    expect(page).toMatchObject({ total: 3, per_page: 50 });
    expect((await get(`/api/v1/dsps/${listed}/clients?fields=id,name`)).json().data.data[0]).toEqual({ id: expect.any(Number), name: 'Álamo Socio' });
    expect((await get(`/api/v1/dsps/${listed}/clients?filter[type]=OTRO`)).statusCode).toBe(400);
    expect((await get('/api/v1/dsps/999999/clients')).statusCode).toBe(404);
  });

  it('answers one client without its secret, and 404 for an unknown one', async () => {
    const created = await createClient();
    const detail = await get(`/api/v1/clients/${created.id}`);
    expect(detail.json().data).toMatchObject({ id: created.id, client_id: created.client_id });
    expect(detail.json().data).not.toHaveProperty('client_secret');
    const missing = await get('/api/v1/clients/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El cliente API no existe.');
  });
});

describe('PUT /api/v1/clients/:id', () => {
  it('toggles enabled alone and keeps the secret when none is sent or it is empty', async () => {
    const created = await createClient();
    const hash = await storedHash(created.id);
    const off = await put(created.id, { enabled: false });
    expect(off.json()).toMatchObject({ message: 'Cliente API actualizado correctamente.', data: { enabled: false, name: created.name } });
    expect(off.json().data).not.toHaveProperty('client_secret');
    const form = await multipart({ _method: 'PUT', enabled: '1', client_secret: '' });
    const on = await ctx.inject({ method: 'POST', url: `/api/v1/clients/${created.id}`, headers: { ...auth(), ...form.headers }, payload: form.payload });
    expect(on.json().data.enabled).toBe(true);
    expect(on.json().data).not.toHaveProperty('client_secret');
    expect(await storedHash(created.id)).toBe(hash);
  });

  it('replaces the secret with a typed or a generated one, answering it that once', async () => {
    const created = await createClient();
    const typed = await put(created.id, { client_secret: 'otro-secreto-bien-largo' });
    expect(typed.json().data.client_secret).toBe('otro-secreto-bien-largo');
    expect(await storedHash(created.id)).toBe(hashSecret('otro-secreto-bien-largo'));
    const generated = await put(created.id, { generate_secret: true });
    const secret = generated.json().data.client_secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedHash(created.id)).toBe(hashSecret(secret));
  });

  it('clears the rate limit with an empty max, changes lists, and refuses a taken client_id and bad entries', async () => {
    const created = await createClient({ rate_limit: { max_requests: 10, period: 'day' }, scopes: ['a'] });
    const cleared = await put(created.id, { rate_limit: { max_requests: '', period: 'day' }, scopes: '' });
    expect(cleared.json().data).toMatchObject({ rate_limit: null, scopes: [] });
    const row = (await ctx.db.select().from(apiClients).where(eq(apiClients.id, created.id)))[0]!;
    expect([row.rateLimitMax, row.rateLimitPeriod]).toEqual([null, null]);
    const other = await createClient();
    expect((await put(created.id, { client_id: other.client_id })).statusCode).toBe(409);
    expect((await put(created.id, { client_id: created.client_id })).statusCode).toBe(200);
    expect((await put(created.id, { ip_whitelist: 'nada' })).json().errors.ip_whitelist).toEqual(['"nada" no es una dirección IP ni un rango CIDR.']);
    expect((await put(created.id, { name: '' })).json().errors.name).toEqual([REQUIRED]);
    expect((await put(999999, { enabled: true })).statusCode).toBe(404);
    // Looked for before its addresses or its client_id are judged.
    expect((await put(999999, { ip_whitelist: 'nada', client_id: other.client_id })).statusCode).toBe(404);
  });

  it('records the history with the secret as changed, never its value or hash', async () => {
    const created = await createClient({ client_secret: 'historia-secreto-0001' });
    await put(created.id, { name: 'Renombrado', client_secret: 'historia-secreto-0002' });
    await put(created.id, { enabled: false });
    const history = (await get(`/api/v1/clients/${created.id}/history`)).json().data.data as { action: string; changes: { field: string; before: unknown; after: unknown; secret: boolean }[] }[];
    expect(history.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(history[0]!.changes).toEqual([{ field: 'enabled', before: true, after: false, secret: false }]);
    expect(history[1]!.changes).toEqual([
      { field: 'name', before: created.name, after: 'Renombrado', secret: false },
      { field: 'client_secret', before: null, after: null, secret: true },
    ]);
    expect(history[2]!.changes.find((change) => change.field === 'client_secret')).toEqual({ field: 'client_secret', before: null, after: null, secret: true });
  });
});

describe('DELETE /api/v1/clients/:id', () => {
  it('says it can be deleted, deletes it, and answers 404 after', async () => {
    const created = await createClient();
    expect((await get(`/api/v1/clients/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    expect((await remove(created.id)).json().message).toBe('Cliente API eliminado correctamente.');
    expect((await get(`/api/v1/clients/${created.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/clients/${created.id}/deletion`)).statusCode).toBe(404);
    expect((await remove(created.id)).statusCode).toBe(404);
  });
});

describe('who may call it', () => {
  it('allows dsps.manage only: an operator gets 403, nobody signed in 401', async () => {
    const created = await createClient();
    await ctx.createUser({ email: 'operador.clientes@panel.test', roles: ['OPERATOR'] });
    const operator = bearer(await ctx.signIn('operador.clientes@panel.test'));
    const calls = [
      ['GET', `/api/v1/dsps/${dspId}/clients`],
      ['POST', `/api/v1/dsps/${dspId}/clients`],
      ['GET', `/api/v1/clients/${created.id}`],
      ['PUT', `/api/v1/clients/${created.id}`],
      ['POST', `/api/v1/clients/${created.id}`],
      ['DELETE', `/api/v1/clients/${created.id}`],
      ['GET', `/api/v1/clients/${created.id}/deletion`],
      ['GET', `/api/v1/clients/${created.id}/history`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await ctx.inject({ method, url, headers: operator, payload: method === 'GET' ? undefined : { enabled: false } })).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await get(`/api/v1/clients/${created.id}`)).json().data.enabled).toBe(true);
  });
});

describe('no answer ever shows a stored secret', () => {
  it('keeps the secret and its hash out of every answer after the one that set it', async () => {
    const created = await createClient({ client_secret: 'nunca-mas-visible-0001' });
    const rotated = await put(created.id, { generate_secret: true });
    const secrets = ['nunca-mas-visible-0001', rotated.json().data.client_secret as string];
    const hashes = [hashSecret(secrets[0]!), await storedHash(created.id)];
    const answers = [
      await put(created.id, { name: 'Sin secreto', client_secret: '' }),
      await ctx.inject({ method: 'POST', url: `/api/v1/clients/${created.id}`, headers: auth(), payload: { _method: 'PUT', enabled: false } }),
      await get(`/api/v1/dsps/${dspId}/clients`),
      await get(`/api/v1/dsps/${dspId}/clients?fields=id,client_id`),
      await get(`/api/v1/clients/${created.id}`),
      await get(`/api/v1/clients/${created.id}/history`),
      await get('/api/v1/audit?filter[resource]=api-client'),
      await get('/api/v1/audit/export?filter[resource]=api-client'),
      await get(`/api/v1/clients/${created.id}/deletion`),
      await remove(created.id),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      for (const secret of [...secrets, ...hashes]) expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toContain('client_secret_hash');
    }
    // The answers that set a secret carried only the secret, never its hash.
    expect(rotated.body).not.toContain(hashes[1]!);
  });
});
