import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorPlans, connectors, dspPlans } from '../../server/db/schema';
import { createCredentialBox } from '../../server/security/credentials';
import { bearer, createTestContext, multipart, TEST_APP_KEY, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

const MASK = '••••••••';
let ctx: TestContext;
let token: string;
/** A DSP selling two plans; `other` is a second DSP selling one. */
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Andes Reservas', ['Plan Hogar', 'Plan Auto']);
  other = await insertDspWithPlans(ctx, 'Caribe Ventas', ['Plan Viaje']);
});
afterAll(async () => {
  await ctx?.close();
});

const auth = () => bearer(token);
const get = (url: string) => ctx.inject({ method: 'GET', url, headers: auth() });
const post = (dspId: number, payload: Record<string, unknown>) => ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/connectors`, headers: auth(), payload });
const put = (id: number, payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/connectors/${id}`, headers: auth(), payload });
const remove = (id: number) => ctx.inject({ method: 'DELETE', url: `/api/v1/connectors/${id}`, headers: auth() });

const mapping = (index = 0, external = `EXT-${index}`) => ({ plan_id: dsp.plans[index]!.id, external_plan_id: external });
const valid = (extra: Record<string, unknown> = {}) => ({
  key: `reservas-${Math.random().toString(36).slice(2, 8)}`,
  driver: 'api',
  type: 'BOOKING',
  settings: { endpoint: 'https://dsp.example.com/api', method: 'POST' },
  plans: [mapping(0)],
  ...extra,
});
async function createConnector(extra: Record<string, unknown> = {}, dspId = dsp.dspId) {
  const response = await post(dspId, valid(extra));
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as { id: number; key: string } & Record<string, unknown>;
}
const storedRow = async (id: number) => (await ctx.db.select().from(connectors).where(eq(connectors.id, id)))[0]!;
const box = createCredentialBox(Buffer.from(TEST_APP_KEY, 'base64'));

describe('POST /api/v1/dsps/:dspId/connectors', () => {
  it('creates an api connector with its plan map, params {} by default, enabled by default', async () => {
    const response = await post(dsp.dspId, valid({ key: '  reservas-api  ', plans: [mapping(0, ' H-1 '), mapping(1, 'A-2')], varification_policy: '  OTP por SMS  ' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Conector creado correctamente.');
    expect(response.json().data).toMatchObject({
      dsp_id: dsp.dspId,
      key: 'reservas-api',
      driver: 'api',
      type: 'BOOKING',
      enabled: true,
      settings: { endpoint: 'https://dsp.example.com/api', method: 'POST' },
      params: {},
      varification_policy: 'OTP por SMS',
      plans: [
        { plan_id: dsp.plans[1]!.id, name: 'Plan Auto', external_plan_id: 'A-2' },
        { plan_id: dsp.plans[0]!.id, name: 'Plan Hogar', external_plan_id: 'H-1' },
      ],
    });
  });

  it('takes a form with settings and params as JSON text and the plan map as plans[i][…]', async () => {
    const body = await multipart({
      key: 'reservas-bd',
      driver: 'database',
      type: 'PAYMENT',
      enabled: '0',
      settings: '{"host":"127.0.0.1","port":3306}',
      params: '{"table":"bookings"}',
      'plans[0][plan_id]': String(dsp.plans[0]!.id),
      'plans[0][external_plan_id]': 'BD-1',
    });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dsp.dspId}/connectors`, headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ driver: 'database', type: 'PAYMENT', enabled: false, settings: { host: '127.0.0.1', port: 3306 }, params: { table: 'bookings' } });
  });

  it('asks for key, driver and type each with its own message, under its own field', async () => {
    const response = await post(dsp.dspId, { settings: {}, plans: [mapping()] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      key: ['La key es obligatoria.'],
      driver: ['El driver es obligatorio: elige database o api.'],
      type: ['El tipo es obligatorio: elige BOOKING o PAYMENT.'],
    });
    const wrong = await post(dsp.dspId, valid({ driver: 'ftp', type: 'SALE' }));
    expect(wrong.json().errors).toMatchObject({ driver: ['El driver debe ser database o api.'], type: ['El tipo debe ser BOOKING o PAYMENT.'] });
  });

  it('requires settings as a JSON object', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'El campo "settings" es obligatorio.'],
      ['  ', 'El campo "settings" es obligatorio.'],
      ['{"host": ', 'El campo "settings" debe ser un JSON válido.'],
      ['[1,2]', 'El campo "settings" debe ser un JSON válido.'],
      [[1, 2], 'El campo "settings" debe ser un JSON válido.'],
      [42, 'El campo "settings" debe ser un JSON válido.'],
    ];
    for (const [settings, message] of cases) {
      const response = await post(dsp.dspId, valid({ settings }));
      expect(response.statusCode, JSON.stringify(settings)).toBe(422);
      expect(response.json().errors.settings, JSON.stringify(settings)).toEqual([message]);
    }
  });

  it('requires params for a database connector and refuses params that are not a JSON object', async () => {
    const missing = await post(dsp.dspId, valid({ driver: 'database' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.params).toEqual(['El campo "params" es obligatorio.']);
    const invalid = await post(dsp.dspId, valid({ params: 'no es json' }));
    expect(invalid.json().errors.params).toEqual(['El campo "params" debe ser un JSON válido.']);
  });

  it('requires at least one complete plan mapping, each a plan of the DSP, none twice', async () => {
    const message = 'Debes agregar al menos un mapeo de plan (plan_id y external_plan_id).';
    for (const plans of [undefined, [], [{ plan_id: dsp.plans[0]!.id }], [{ plan_id: '', external_plan_id: 'X' }], [{ plan_id: dsp.plans[0]!.id, external_plan_id: '  ' }]]) {
      const response = await post(dsp.dspId, valid({ plans }));
      expect(response.statusCode, JSON.stringify(plans)).toBe(422);
      expect(JSON.stringify(response.json().errors), JSON.stringify(plans)).toContain(message);
    }
    const unsold = await post(dsp.dspId, valid({ plans: [{ plan_id: dsp.unsold.id, external_plan_id: 'X' }] }));
    expect(unsold.statusCode).toBe(422);
    expect(unsold.json().errors.plans).toEqual(['El plan no es uno de los planes de esta DSP.']);
    const ofAnotherDsp = await post(dsp.dspId, valid({ plans: [{ plan_id: other.plans[0]!.id, external_plan_id: 'X' }] }));
    expect(ofAnotherDsp.json().errors.plans).toEqual(['El plan no es uno de los planes de esta DSP.']);
    const twice = await post(dsp.dspId, valid({ plans: [mapping(0, 'A'), mapping(0, 'B')] }));
    expect(twice.json().errors.plans).toEqual(['Cada plan se mapea una sola vez.']);
  });

  it('keeps a key unique within its DSP (409 on key), but another DSP may use it', async () => {
    await createConnector({ key: 'Pagos Únicos' });
    const taken = await post(dsp.dspId, valid({ key: '  pagos unicos ' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ key: ['Ya existe un conector con esa key en esta DSP.'] });
    const elsewhere = await post(other.dspId, { ...valid({ key: 'Pagos Únicos' }), plans: [{ plan_id: other.plans[0]!.id, external_plan_id: 'V' }] });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a plan id beyond any record, and settings too long to be settings, with 422', async () => {
    const huge = await post(dsp.dspId, valid({ plans: [{ plan_id: 2147483648, external_plan_id: 'X' }] }));
    expect(huge.statusCode).toBe(422);
    const long = await post(dsp.dspId, valid({ settings: { blob: 'x'.repeat(20_001) } }));
    expect(long.json().errors.settings).toEqual(['El JSON no puede superar 20000 caracteres.']);
  });

  it('answers 404 for an unknown DSP and writes nothing when a mapping is refused', async () => {
    const unknown = await post(999999, valid());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('La DSP no existe.');
    const before = (await ctx.db.select().from(connectors)).length;
    await post(dsp.dspId, valid({ plans: [{ plan_id: dsp.unsold.id, external_plan_id: 'X' }] }));
    expect((await ctx.db.select().from(connectors)).length).toBe(before);
  });
});

describe('credentials in settings and params', () => {
  it('stores credential values encrypted at any depth and any case, and reads them masked', async () => {
    const created = await createConnector({
      driver: 'database',
      settings: { host: 'db.local', DB_PASSWORD: 'clave-super-secreta', nested: { Api_Key: 'ak-123456', list: [{ token: 'tk-999' }] }, empty_secret: '' },
      params: { authorization: 'Bearer abc.def', page: 1 },
    });
    const masked = {
      settings: { host: 'db.local', DB_PASSWORD: MASK, nested: { Api_Key: MASK, list: [{ token: MASK }] }, empty_secret: '' },
      params: { authorization: MASK, page: 1 },
    };
    expect(created).toMatchObject(masked);
    expect((await get(`/api/v1/connectors/${created.id}`)).json().data).toMatchObject(masked);
    const row = await storedRow(created.id);
    const stored = JSON.stringify([row.settings, row.params]);
    for (const secret of ['clave-super-secreta', 'ak-123456', 'tk-999', 'Bearer abc.def']) expect(stored).not.toContain(secret);
    expect(stored).toContain('db.local');
    expect(box.open(row.settings)).toMatchObject({ DB_PASSWORD: 'clave-super-secreta', nested: { Api_Key: 'ak-123456', list: [{ token: 'tk-999' }] } });
    expect(box.open(row.params)).toMatchObject({ authorization: 'Bearer abc.def' });
  });

  it('masks in every answer what the credential box masks: each key isCredentialKey names, however spelt and at any depth', async () => {
    const settings = {
      ' Db-Password ': 'x',
      ' Pass ': 'x',
      'db-pass': 'x',
      'x.api.key': 'x',
      'X-API-KEY': 'x',
      'client secret': 'x',
      AUTH: { user: 'u', token: 't' },
      Credentials: ['a', 'b'],
      SSH_PRIVATE_KEY: 'x',
      aws_access_key: 'x',
      PWD: 7,
      pass: null,
      passwd: '',
      // Not credentials: a name inside a longer word, or with more after it ('db-pass' too: 'pass' is a name, not an ending).
      passport: 'p',
      tokens: 't',
      author: 'a',
      password_hint: 'h',
      credential: 'c',
      nested: [{ list: [[{ secret_key: 's', other: 1 }]] }, 'token', { 'Api Key': true }],
    };
    const [row] = await ctx.db.insert(connectors).values({ dspId: dsp.dspId, key: 'mascara', driver: 'api', type: 'BOOKING', settings, params: { token: 't' } }).returning();
    const detail = (await get(`/api/v1/connectors/${row!.id}`)).json().data;
    expect(detail.settings).toEqual(box.mask(settings));
    expect(detail.settings).toMatchObject({ ' Db-Password ': MASK, ' Pass ': MASK, 'db-pass': 'x', AUTH: MASK, PWD: MASK, pass: null, passwd: '', passport: 'p', nested: [{ list: [[{ secret_key: MASK, other: 1 }]] }, 'token', { 'Api Key': MASK }] });
    expect(detail.params).toEqual({ token: MASK });
    const listed = (await get(`/api/v1/dsps/${dsp.dspId}/connectors?filter[key]=mascara`)).json().data.data;
    expect(listed.map((item: { settings: unknown }) => item.settings)).toEqual([box.mask(settings)]);
    await ctx.db.delete(connectors).where(eq(connectors.id, row!.id));
  });

  it('never shows a sealed value, even under a key PostgreSQL folds otherwise than JavaScript (a non-breaking space)', async () => {
    // JavaScript's trim() takes the U+00A0 off and seals the value; PostgreSQL's \s does not match it.
    const created = await createConnector({ settings: { 'api_key\u00a0': 'ak-nbsp-1', host: 'h' }, params: { list: [{ 'x-token\u00a0': 'tk-nbsp-2' }] } });
    const masked = { settings: { 'api_key\u00a0': MASK, host: 'h' }, params: { list: [{ 'x-token\u00a0': MASK }] } };
    expect(created).toMatchObject(masked);
    expect((await get(`/api/v1/connectors/${created.id}`)).json().data).toMatchObject(masked);
    const row = await storedRow(created.id);
    expect(box.mask(row.settings)).toEqual(masked.settings);
    expect(box.open(row.settings)).toEqual({ 'api_key\u00a0': 'ak-nbsp-1', host: 'h' });
  });

  it("answers a key JavaScript's rule does not name as it is, though PostgreSQL's lower() would fold 'AUTHORİZATION' into a credential", async () => {
    const settings = { 'AUTHOR\u0130ZATION': 'valor-visible', host: 'h' };
    const created = await createConnector({ settings });
    expect(created.settings).toEqual(settings);
    // Sent back as answered, it stays: a mask here would have been saved in its place.
    expect((await put(created.id, { settings: created.settings })).json().data.settings).toEqual(settings);
    expect((await storedRow(created.id)).settings).toEqual(settings);
  });

  it('keeps a credential sent back as the mask, replaces one sent with a new value', async () => {
    const created = await createConnector({ settings: { user: 'app', password: 'primera-clave', token: 'tok-1' } });
    const kept = await put(created.id, { settings: { user: 'app2', password: MASK, token: 'tok-2' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.settings).toEqual({ user: 'app2', password: MASK, token: MASK });
    expect(box.open((await storedRow(created.id)).settings)).toEqual({ user: 'app2', password: 'primera-clave', token: 'tok-2' });
  });

  it('records a credential change as changed, never its value, and a plain change with its values', async () => {
    const created = await createConnector({ settings: { user: 'app', password: 'clave-inicial-1' } });
    await put(created.id, { settings: { user: 'app', password: 'clave-nueva-2' } });
    await put(created.id, { settings: { user: 'otro', password: MASK } });
    const history = (await get(`/api/v1/connectors/${created.id}/history`)).json().data.data as { action: string; changes: { field: string; before: unknown; after: unknown; secret: boolean }[] }[];
    expect(history.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    const [renamed, rotated, creation] = history;
    expect(rotated!.changes.find((change) => change.field === 'settings.password')).toEqual({ field: 'settings.password', before: null, after: null, secret: true });
    expect(renamed!.changes.map((change) => change.field)).toEqual(['settings']);
    expect(creation!.changes.find((change) => change.field === 'settings.password')?.secret).toBe(true);
    const text = JSON.stringify(history);
    expect(text).not.toContain('clave-inicial-1');
    expect(text).not.toContain('clave-nueva-2');
  });
});

describe('GET /api/v1/dsps/:dspId/connectors and /api/v1/connectors/:id', () => {
  it('lists only the DSP’s connectors by key, with the filters and the plans include', async () => {
    const listed = await insertDspWithPlans(ctx, 'Lista Conectores', ['Plan Lista']);
    const mapped = { plans: [{ plan_id: listed.plans[0]!.id, external_plan_id: 'L-1' }] };
    await createConnector({ key: 'zeta-pagos', type: 'PAYMENT', ...mapped }, listed.dspId);
    await createConnector({ key: 'Álamo reservas', enabled: false, ...mapped }, listed.dspId);
    await createConnector({ key: 'beta reservas', ...mapped }, listed.dspId);
    const keys = async (query = '') => ((await get(`/api/v1/dsps/${listed.dspId}/connectors${query}`)).json().data.data as { key: string }[]).map((item) => item.key);
    expect(await keys()).toEqual(['Álamo reservas', 'beta reservas', 'zeta-pagos']);
    expect(await keys('?sort=-name')).toEqual(['zeta-pagos', 'beta reservas', 'Álamo reservas']);
    expect(await keys('?filter[type]=PAYMENT')).toEqual(['zeta-pagos']);
    expect(await keys('?filter[enabled]=0')).toEqual(['Álamo reservas']);
    expect(await keys('?q=alamo')).toEqual(['Álamo reservas']);
    expect(await keys('?filter[q]=reservas')).toEqual(['Álamo reservas', 'beta reservas']);
    expect(await keys('?filter[key]=BETA RESERVAS')).toEqual(['beta reservas']);
    const page = (await get(`/api/v1/dsps/${listed.dspId}/connectors?include=plans`)).json().data;
    expect(page).toMatchObject({ total: 3, per_page: 100 });
    expect(page.data[0].plans).toEqual([{ plan_id: listed.plans[0]!.id, name: 'Plan Lista', external_plan_id: 'L-1' }]);
    expect((await get(`/api/v1/dsps/${listed.dspId}/connectors`)).json().data.data[0].plans).toBeUndefined();
    expect((await get(`/api/v1/dsps/${listed.dspId}/connectors?filter[enabled]=quizá`)).statusCode).toBe(400);
    expect((await get('/api/v1/dsps/999999/connectors')).json().message).toBe('La DSP no existe.');
  });

  it('answers one connector, with its plans when asked, and 404 for an unknown one', async () => {
    const created = await createConnector();
    const detail = (await get(`/api/v1/connectors/${created.id}?include=plans`)).json().data;
    expect(detail).toMatchObject({ id: created.id, key: created.key, plans: [{ plan_id: dsp.plans[0]!.id }] });
    const missing = await get('/api/v1/connectors/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El conector no existe.');
  });
});

describe('PUT /api/v1/connectors/:id', () => {
  it('toggles enabled alone, through PUT and POST with _method=PUT', async () => {
    const created = await createConnector();
    const off = await put(created.id, { enabled: false });
    expect(off.json()).toMatchObject({ message: 'Conector actualizado correctamente.', data: { enabled: false, key: created.key, plans: [{ external_plan_id: 'EXT-0' }] } });
    const on = await ctx.inject({ method: 'POST', url: `/api/v1/connectors/${created.id}`, headers: auth(), payload: { _method: 'PUT', enabled: 'true' } });
    expect(on.json().data.enabled).toBe(true);
  });

  it('replaces the plan map when plans are sent, keeps it otherwise, with the same rules', async () => {
    const created = await createConnector();
    const replaced = await put(created.id, { plans: [mapping(1, 'NUEVO')] });
    expect(replaced.json().data.plans).toEqual([{ plan_id: dsp.plans[1]!.id, name: 'Plan Auto', external_plan_id: 'NUEVO' }]);
    expect((await put(created.id, { type: 'PAYMENT' })).json().data.plans).toHaveLength(1);
    expect((await put(created.id, { plans: [] })).json().errors.plans).toEqual(['Debes agregar al menos un mapeo de plan (plan_id y external_plan_id).']);
    expect((await put(created.id, { plans: [{ plan_id: dsp.unsold.id, external_plan_id: 'X' }] })).statusCode).toBe(422);
    const rows = await ctx.db.select().from(connectorPlans).where(eq(connectorPlans.connectorId, created.id));
    expect(rows.map((row) => row.externalPlanId)).toEqual(['NUEVO']);
    const history = (await get(`/api/v1/connectors/${created.id}/history`)).json().data.data;
    expect(history[1].changes.find((change: { field: string }) => change.field === 'plans')).toMatchObject({ before: `Plan Hogar (${dsp.plans[0]!.id}) → EXT-0`, after: `Plan Auto (${dsp.plans[1]!.id}) → NUEVO` });
  });

  it('asks for params when an api connector without them becomes a database one', async () => {
    const created = await createConnector();
    const switched = await put(created.id, { driver: 'database' });
    expect(switched.statusCode).toBe(422);
    expect(switched.json().errors.params).toEqual(['El campo "params" es obligatorio.']);
    const withParams = await put(created.id, { driver: 'database', params: '{"table":"reservas"}' });
    expect(withParams.json().data).toMatchObject({ driver: 'database', params: { table: 'reservas' } });
  });

  it('refuses a key another connector of the DSP has (409), an empty settings and an unknown connector', async () => {
    await createConnector({ key: 'ocupada' });
    const created = await createConnector();
    expect((await put(created.id, { key: 'OCUPADA' })).statusCode).toBe(409);
    expect((await put(created.id, { settings: '' })).json().errors.settings).toEqual(['El campo "settings" es obligatorio.']);
    expect((await put(999999, { enabled: true })).statusCode).toBe(404);
    // Looked for before its plans are judged.
    expect((await put(999999, { plans: [{ plan_id: 999998, external_plan_id: 'X' }] })).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/connectors/:id', () => {
  it('says it can be deleted, deletes it with its plan map, records it, and answers 404 after', async () => {
    const created = await createConnector();
    expect((await get(`/api/v1/connectors/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const removed = await remove(created.id);
    expect(removed.json().message).toBe('Conector eliminado correctamente.');
    expect(await ctx.db.select().from(connectorPlans).where(eq(connectorPlans.connectorId, created.id))).toEqual([]);
    expect((await get(`/api/v1/connectors/${created.id}`)).statusCode).toBe(404);
    expect((await remove(created.id)).statusCode).toBe(404);
    const audit = (await get(`/api/v1/audit?filter[resource]=connector`)).json().data.data as { action: string; resource_id: number }[];
    expect(audit.find((entry) => entry.resource_id === created.id && entry.action === 'delete')).toBeTruthy();
  });

  it('keeps the plan a connector maps: the plan cannot leave the DSP’s sale out from under the map', async () => {
    const created = await createConnector({ plans: [mapping(1)] });
    const stillMapped = await ctx.db.select().from(dspPlans).where(eq(dspPlans.planId, dsp.plans[1]!.id));
    expect(stillMapped).toHaveLength(1);
    expect((await ctx.db.select().from(connectorPlans).where(eq(connectorPlans.connectorId, created.id)))[0]?.planId).toBe(dsp.plans[1]!.id);
  });
});

describe('who may call it', () => {
  it('allows dsps.manage only: an operator gets 403, nobody signed in 401', async () => {
    const created = await createConnector();
    await ctx.createUser({ email: 'operador.conectores@panel.test', roles: ['OPERATOR'] });
    const operator = bearer(await ctx.signIn('operador.conectores@panel.test'));
    const calls = [
      ['GET', `/api/v1/dsps/${dsp.dspId}/connectors`],
      ['POST', `/api/v1/dsps/${dsp.dspId}/connectors`],
      ['GET', `/api/v1/connectors/${created.id}`],
      ['PUT', `/api/v1/connectors/${created.id}`],
      ['POST', `/api/v1/connectors/${created.id}`],
      ['DELETE', `/api/v1/connectors/${created.id}`],
      ['GET', `/api/v1/connectors/${created.id}/deletion`],
      ['GET', `/api/v1/connectors/${created.id}/history`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await ctx.inject({ method, url, headers: operator, payload: method === 'GET' ? undefined : { enabled: false } })).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await storedRow(created.id)).enabled).toBe(true);
  });
});

describe('no answer ever shows a stored credential', () => {
  it('keeps the credentials and their ciphertext out of every connector endpoint’s answer', async () => {
    const secrets = ['pw-9f8e7d6c5b', 'tok-1a2b3c4d5e', 'Basic dXNlcjpwYXNz'];
    const created = await post(dsp.dspId, valid({ driver: 'database', settings: { host: 'h', password: secrets[0], auth: { token: secrets[1] } }, params: { Authorization: secrets[2] } }));
    const id = created.json().data.id as number;
    const answers = [
      created,
      await put(id, { settings: { host: 'h2', password: MASK, auth: { token: MASK } }, enabled: false }),
      await ctx.inject({ method: 'POST', url: `/api/v1/connectors/${id}`, headers: auth(), payload: { _method: 'PUT', type: 'PAYMENT' } }),
      await get(`/api/v1/dsps/${dsp.dspId}/connectors?include=plans`),
      await get(`/api/v1/connectors/${id}?include=plans`),
      await get(`/api/v1/connectors/${id}?fields=settings,params`),
      await get(`/api/v1/connectors/${id}/history`),
      await get('/api/v1/audit?filter[resource]=connector'),
      await get('/api/v1/audit/export?filter[resource]=connector'),
      await get(`/api/v1/connectors/${id}/deletion`),
    ];
    const row = await storedRow(id);
    const ciphertexts = JSON.stringify([row.settings, row.params]).match(/enc:v1:[A-Za-z0-9_.-]+/g) ?? [];
    expect(ciphertexts).toHaveLength(3);
    answers.push(await remove(id));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      for (const secret of [...secrets, ...ciphertexts, 'enc:v1:']) expect(answer.body).not.toContain(secret);
    }
  });
});

describe('a plan a connector maps', () => {
  it('is not deleted, even once its DSP stopped selling it: 409 with the reason, never a database error', async () => {
    const mapped = await insertDspWithPlans(ctx, 'Pacífico Mapeos', ['Plan Mapeado']);
    await createConnector({ plans: [{ plan_id: mapped.plans[0]!.id, external_plan_id: 'M-1' }] }, mapped.dspId);
    await ctx.db.delete(dspPlans).where(eq(dspPlans.dspId, mapped.dspId));
    const planId = mapped.plans[0]!.id;

    const check = await get(`/api/v1/plans/${planId}/deletion`);
    expect(check.json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 1 mapeo de conector' });
    const refused = await ctx.inject({ method: 'DELETE', url: `/api/v1/plans/${planId}`, headers: auth() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 1 mapeo de conector');
  });
});

describe("a DSP's plans and its connectors' plan maps", () => {
  it('refuses to take from the DSP a plan a connector maps, naming both, and keeps the plans as they were', async () => {
    const mapping = await insertDspWithPlans(ctx, 'Austral Mapas', ['Plan Sur', 'Plan Norte']);
    const [south, north] = mapping.plans;
    await createConnector({ key: 'reservas-sur', plans: [{ plan_id: south!.id, external_plan_id: 'S-1' }] }, mapping.dspId);
    const updateDsp = (planIds: number[]) =>
      ctx.inject({ method: 'PUT', url: `/api/v1/dsps/${mapping.dspId}`, headers: auth(), payload: { plans: planIds } });

    const refused = await updateDsp([north!.id]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({
      plans: ['El plan Plan Sur está en el mapa de planes del conector reservas-sur: quítalo de ese mapa antes de quitarlo de la DSP.'],
    });
    const sold = await ctx.db.select({ planId: dspPlans.planId }).from(dspPlans).where(eq(dspPlans.dspId, mapping.dspId));
    expect(sold.map((row) => row.planId).sort()).toEqual([south!.id, north!.id].sort());

    // Keeping the mapped plan, the others may change freely.
    expect((await updateDsp([south!.id])).statusCode).toBe(200);
  });
});
