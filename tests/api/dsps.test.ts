import { DSP_SETTINGS_TEMPLATE } from '@contract/dsp.constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, dspPlans } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { countQueries } from './support/query-count';
import { GIF_1X1, SVG_BYTES, file, keyOf, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('dsps');
let colombia: number;
let mexico: number;
let sponsorId: number;
let otherSponsorId: number;
/** Two plans of the sponsor's campaigns, and one of another sponsor's. */
let planA: number;
let planB: number;
let foreignPlan: number;

const auth = () => bearer(token);
const get = (url: string) => ctx.inject({ method: 'GET', url, headers: auth() });
const postJson = (payload: Record<string, unknown>) => ctx.inject({ method: 'POST', url: '/api/v1/dsps', headers: auth(), payload });
const putJson = (id: number, payload: Record<string, unknown>) => ctx.inject({ method: 'PUT', url: `/api/v1/dsps/${id}`, headers: auth(), payload });
const postForm = async (url: string, fields: Record<string, string | Blob>) => {
  const body = await multipart(fields);
  return ctx.inject({ method: 'POST', url, headers: { ...auth(), ...body.headers }, payload: body.payload });
};
const remove = (id: number) => ctx.inject({ method: 'DELETE', url: `/api/v1/dsps/${id}`, headers: auth() });
const staffCall = (method: 'POST' | 'PUT', id: number, users: unknown) =>
  ctx.inject({ method, url: `/api/v1/dsps/${id}/users`, headers: auth(), payload: { users } });

async function json(response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status: number) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
  return answer.json() as { data: Record<string, unknown> & { id: number }; message: string };
}

async function newSponsor(name: string, country: number) {
  return (await json(ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload: { name, country_id: country } }), 201)).data.id;
}
async function newCampaign(name: string, sponsor: number) {
  return (await json(ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: auth(), payload: { name, sponsor_id: sponsor } }), 201)).data.id;
}
async function newPlan(campaign: number, name: string) {
  return (await json(ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${campaign}/plans`, headers: auth(), payload: { name, description: 'x' } }), 201)).data.id;
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tienda Andes',
  country_id: colombia,
  sponsor_id: sponsorId,
  plans: [planA],
  settings: { name: 'Tienda Andes' },
  ...overrides,
});
async function createDsp(overrides: Record<string, unknown> = {}) {
  return (await json(postJson(valid(overrides)), 201)).data;
}

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  const rows = await ctx.db.select({ id: countries.id, code: countries.code }).from(countries);
  colombia = rows.find((row) => row.code === 'CO')!.id;
  mexico = rows.find((row) => row.code === 'MX')!.id;
  sponsorId = await newSponsor('Andes Protección', colombia);
  otherSponsorId = await newSponsor('Pacífico Seguros', mexico);
  const campaign = await newCampaign('Hogar Seguro', sponsorId);
  const second = await newCampaign('Auto Tranquilo', sponsorId);
  planA = await newPlan(campaign, 'Plan Hogar');
  planB = await newPlan(second, 'Plan Auto');
  foreignPlan = await newPlan(await newCampaign('Vida Pacífico', otherSponsorId), 'Plan Vida');
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

describe('POST /api/v1/dsps', () => {
  it('creates a DSP from multipart with an image, plans[i] and settings as JSON text, trimming text and normalising the website', async () => {
    const png = pngBytes(10, [30, 94, 168]);
    const response = await postForm('/api/v1/dsps', {
      name: '  Andes Digital  ',
      type: 'MIXED',
      country_id: String(colombia),
      sponsor_id: String(sponsorId),
      'plans[0]': String(planA),
      'plans[1]': String(planB),
      settings: JSON.stringify(DSP_SETTINGS_TEMPLATE),
      website_url: ' andesdigital.com ',
      address: '  Calle 100 # 15-20  ',
      phone_primary: ' +57 601 555 0101 ',
      phone_secondary: '   ',
      email_primary: ' Contacto@AndesDigital.com ',
      enabled: '0',
      image: file(png, 'dsp.png', 'image/png'),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('DSP creada correctamente.');
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'Andes Digital',
      type: 'MIXED',
      country_id: colombia,
      sponsor_id: sponsorId,
      website_url: 'https://andesdigital.com',
      address: 'Calle 100 # 15-20',
      phone_primary: '+57 601 555 0101',
      phone_secondary: null,
      email_primary: 'contacto@andesdigital.com',
      enabled: false,
      settings: DSP_SETTINGS_TEMPLATE,
      sponsor: { id: sponsorId, name: 'Andes Protección' },
      country: { id: colombia, name: 'Colombia' },
      users: [],
    });
    expect(created.plans.map((plan: { id: number }) => plan.id)).toEqual([planA, planB]);
    expect(created.plans[0]).toEqual({ id: planA, name: 'Plan Hogar', campaign_id: expect.any(Number) });
    expect(created.image_url).toMatch(/^\/storage\/dsps\/[0-9a-f]{32}\.png$/);
    expect(created.image_path).toBe(created.image_url);
    expect((await ctx.inject({ method: 'GET', url: created.image_url })).rawPayload).toEqual(png);
  });

  it('defaults to SALE and enabled, taking settings as a JSON object', async () => {
    const created = await createDsp({ name: 'Por defecto' });
    expect(created).toMatchObject({ type: 'SALE', enabled: true, settings: { name: 'Tienda Andes' }, website_url: null, image_url: null });
  });

  it('refuses missing required fields with each Spanish message', async () => {
    const response = await postJson({});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      name: ['El nombre es requerido'],
      country_id: ['El país es requerido'],
      sponsor_id: ['El sponsor es requerido'],
      plans: ['Selecciona al menos un plan.'],
      settings: ['El JSON de settings es obligatorio.'],
    });
    expect((await postJson(valid({ plans: [] }))).json().errors).toEqual({ plans: ['Selecciona al menos un plan.'] });
  });

  it('refuses settings that are not a JSON object, a bad type, website, e-mail or enabled', async () => {
    const errors = async (overrides: Record<string, unknown>) => (await postJson(valid(overrides))).json().errors;
    expect(await errors({ settings: '{"name": ' })).toEqual({ settings: ['El campo settings no contiene un JSON válido.'] });
    expect(await errors({ settings: '   ' })).toEqual({ settings: ['El JSON de settings es obligatorio.'] });
    expect(await errors({ settings: '[1, 2]' })).toEqual({ settings: ['El campo settings debe ser un objeto JSON ({ … }).'] });
    expect(await errors({ settings: [1] })).toEqual({ settings: ['El campo settings debe ser un objeto JSON ({ … }).'] });
    expect(await errors({ type: 'RENTAL' })).toEqual({ type: ['El tipo debe ser SALE, BOOKING o MIXED.'] });
    expect(await errors({ website_url: 'javascript:alert(1)' })).toEqual({ website_url: ['El sitio web debe ser una URL http o https válida.'] });
    expect(await errors({ email_primary: 'no-es-email' })).toEqual({ email_primary: ['El email no es válido'] });
    expect(await errors({ enabled: 'quizás' })).toEqual({ enabled: ['Debe ser verdadero o falso (1/0/true/false).'] });
    expect(await errors({ plans: ['abc'] })).toEqual({ 'plans.0': ['Los planes deben ser identificadores de plan.'] });
  });

  it('refuses plans that are not of the sponsor’s campaigns, and a sponsor or country that does not exist', async () => {
    const foreign = await postJson(valid({ name: 'Ajena', plans: [planA, foreignPlan] }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ plans: ['Los planes deben ser planes de las campañas del sponsor de la DSP.'] });
    expect((await postJson(valid({ name: 'Ajena', plans: [999999] }))).json().errors).toEqual({
      plans: ['Los planes deben ser planes de las campañas del sponsor de la DSP.'],
    });
    expect((await postJson(valid({ name: 'Ajena', sponsor_id: 999999 }))).json().errors).toEqual({ sponsor_id: ['El sponsor seleccionado no existe.'] });
    expect((await postJson(valid({ name: 'Ajena', country_id: 999999 }))).json().errors).toEqual({ country_id: ['El país seleccionado no existe.'] });
    expect((await get('/api/v1/dsps?filter[q]=Ajena')).json().data.total).toBe(0);
  });

  it('refuses a taken name (ignoring case and accents) with 409 on name', async () => {
    await createDsp({ name: 'Canal Único' });
    const taken = await postJson(valid({ name: '  canal unico ' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: ['Ya existe una DSP con ese nombre.'] });
  });

  it('refuses an image that is not PNG, JPG or GIF (415) and keeps nothing', async () => {
    const response = await postForm('/api/v1/dsps', {
      name: 'Con SVG',
      country_id: String(colombia),
      sponsor_id: String(sponsorId),
      'plans[0]': String(planA),
      settings: '{}',
      image: file(SVG_BYTES, 'x.png', 'image/png'),
    });
    expect(response.statusCode).toBe(415);
    expect((await get('/api/v1/dsps?filter[q]=Con SVG')).json().data.total).toBe(0);
  });
});

describe('PUT /api/v1/dsps/:id', () => {
  it('changes the sent fields, replaces the plans, clears an emptied optional field, by PUT and by POST _method=PUT', async () => {
    const created = await createDsp({ name: 'Editable', address: 'Calle 1', plans: [planA] });
    const updated = await json(putJson(created.id, { type: 'BOOKING', plans: [planB], address: '', sponsor_id: sponsorId }), 200);
    expect(updated.message).toBe('DSP actualizada correctamente.');
    expect(updated.data).toMatchObject({ name: 'Editable', type: 'BOOKING', address: null });
    expect((updated.data.plans as { id: number }[]).map((plan) => plan.id)).toEqual([planB]);
    const form = await postForm(`/api/v1/dsps/${created.id}`, { _method: 'PUT', 'plans[0]': String(planA), 'plans[1]': String(planB), settings: '{"theme":{"darkMode":true}}' });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.settings).toEqual({ theme: { darkMode: true } });
    expect(form.json().data.plans.map((plan: { id: number }) => plan.id)).toEqual([planA, planB]);
  });

  it('never moves a DSP to another sponsor, and refuses foreign plans leaving the old ones', async () => {
    const created = await createDsp({ name: 'Fija' });
    const moved = await putJson(created.id, { sponsor_id: otherSponsorId });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject({ message: 'El sponsor de una DSP no se puede cambiar.', errors: { sponsor_id: ['El sponsor de una DSP no se puede cambiar.'] } });
    const foreign = await putJson(created.id, { plans: [foreignPlan], name: 'Fija cambiada' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ plans: ['Los planes deben ser planes de las campañas del sponsor de la DSP.'] });
    const kept = (await get(`/api/v1/dsps/${created.id}?include=plans`)).json().data;
    expect(kept.name).toBe('Fija');
    expect(kept.plans.map((plan: { id: number }) => plan.id)).toEqual([planA]);
    expect((await putJson(created.id, { plans: [] })).json().errors).toEqual({ plans: ['Selecciona al menos un plan.'] });
  });

  it('replaces the image (the old file removed), and the delete keeps the last one for a restore', async () => {
    const first = await postForm('/api/v1/dsps', {
      name: 'Con imagen',
      country_id: String(colombia),
      sponsor_id: String(sponsorId),
      'plans[0]': String(planA),
      settings: '{}',
      image: file(pngBytes(6), 'a.png', 'image/png'),
    });
    const created = first.json().data;
    const second = await postForm(`/api/v1/dsps/${created.id}`, { _method: 'PUT', image: file(GIF_1X1, 'b.gif', 'image/gif') });
    expect(second.statusCode, second.body).toBe(200);
    const replaced = second.json().data.image_url as string;
    expect(replaced).toMatch(/\.gif$/);
    expect(storedKeys(data.uploads)).not.toContain(keyOf(created.image_url));
    expect(storedKeys(data.uploads)).toContain(keyOf(replaced));
    expect((await remove(created.id)).statusCode).toBe(200);
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    expect(storedKeys(data.uploads)).toContain(keyOf(replaced));
  });

  it('takes plans as objects too ({id} or {plan_id}), as a form of plans[0][id] may send them', async () => {
    const created = await createDsp({ name: 'Planes objeto', plans: [{ id: planA }, { plan_id: String(planB) }] });
    expect((created.plans as { id: number }[]).map((plan) => plan.id)).toEqual([planA, planB]);
  });

  it('answers 404 for a DSP that does not exist and 409 for a taken name', async () => {
    expect((await putJson(999999, { name: 'Nadie' })).statusCode).toBe(404);
    // Whatever else the body gets wrong: the record is looked for first.
    expect((await putJson(999999, { sponsor_id: otherSponsorId, country_id: 999999 })).statusCode).toBe(404);
    await createDsp({ name: 'Primera' });
    const second = await createDsp({ name: 'Segunda' });
    expect((await putJson(second.id, { name: 'PRIMERA' })).json().errors).toEqual({ name: ['Ya existe una DSP con ese nombre.'] });
  });
});

describe('GET /api/v1/dsps', () => {
  it('filters by name, type (one or several), enabled, country and sponsor, 12 a page, alphabetical', async () => {
    const prefix = 'Filtro';
    await createDsp({ name: `${prefix} Venta`, type: 'SALE' });
    await createDsp({ name: `${prefix} Reserva`, type: 'BOOKING', enabled: false });
    await createDsp({ name: `${prefix} Mixta`, type: 'MIXED', country_id: mexico });
    const names = async (query: string) => (await get(`/api/v1/dsps?q=${prefix}&${query}`)).json().data.data.map((item: { name: string }) => item.name);
    expect(await names('')).toEqual(['Filtro Mixta', 'Filtro Reserva', 'Filtro Venta']);
    expect(await names('filter[type]=BOOKING')).toEqual(['Filtro Reserva']);
    expect(await names('filter[type]=SALE,MIXED&sort=-name')).toEqual(['Filtro Venta', 'Filtro Mixta']);
    expect(await names('filter[enabled]=0')).toEqual(['Filtro Reserva']);
    expect(await names(`filter[country_id]=${mexico}`)).toEqual(['Filtro Mixta']);
    expect(await names(`filter[sponsor_id]=${otherSponsorId}`)).toEqual([]);
    const page = (await get('/api/v1/dsps')).json().data;
    expect(page.per_page).toBe(12);
    expect((await get('/api/v1/dsps?filter[type]=PAUSED')).json().message).toBe('El filtro type admite: SALE, BOOKING, MIXED.');
  });

  it('answers the dropdown form with only id and name', async () => {
    await createDsp({ name: 'Desplegable Reserva', type: 'BOOKING' });
    const answer = (await get('/api/v1/dsps?sort=name&limit=200&fields=id,name&filter[type]=BOOKING')).json().data.data;
    expect(answer.length).toBeGreaterThan(0);
    for (const item of answer) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    expect(answer.map((item: { name: string }) => item.name)).toContain('Desplegable Reserva');
  });

  it('answers a DSP with its includes, and 404 for one that does not exist', async () => {
    const created = await createDsp({ name: 'Detalle' });
    const detail = (await get(`/api/v1/dsps/${created.id}?include=sponsor,country,plans,users`)).json().data;
    expect(detail).toMatchObject({ id: created.id, sponsor: { id: sponsorId, name: 'Andes Protección' }, country: { id: colombia }, users: [] });
    expect((await get(`/api/v1/dsps/${created.id}`)).json().data.plans).toBeUndefined();
    const missing = await get('/api/v1/dsps/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La DSP no existe.');
  });

  it('runs the same statements for 1 DSP and for 10, with every include', async () => {
    const sponsor = await newSponsor('Consultas DSP', colombia);
    const plan = await newPlan(await newCampaign('Consultas', sponsor), 'Plan Consultas');
    const staffId = await ctx.createUser({ email: 'staff.consultas@panel.test', roles: ['OPERATOR'] });
    const one = await createDsp({ name: 'Consulta 0', sponsor_id: sponsor, plans: [plan] });
    await json(staffCall('POST', one.id, [staffId]), 200);
    const list = (filter: string) => async () => {
      const response = await get(`/api/v1/dsps?include=sponsor,country,plans,users&filter[sponsor_id]=${sponsor}&${filter}`);
      expect(response.statusCode).toBe(200);
      return response;
    };
    await list('limit=1')();
    const single = await countQueries(ctx.db, list('limit=1'));
    for (let index = 1; index < 10; index++) {
      const created = await createDsp({ name: `Consulta ${index}`, sponsor_id: sponsor, plans: [plan] });
      await json(staffCall('POST', created.id, [staffId]), 200);
    }
    const ten = await countQueries(ctx.db, list('limit=12'));
    expect(single).toBeGreaterThan(0);
    expect(ten).toBe(single);
    const page = (await list('limit=12')()).json().data.data;
    expect(page).toHaveLength(10);
    expect(page[9].users).toEqual([{ id: staffId, name: 'staff.consultas' }]);
  });
});

describe('deleting a DSP', () => {
  it('asks first, then deletes it with its plan and staff rows, and 404 afterwards', async () => {
    const created = await createDsp({ name: 'Para borrar' });
    const check = await get(`/api/v1/dsps/${created.id}/deletion`);
    expect(check.json().data).toEqual({ deletable: true, reason: null });
    const response = await remove(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('DSP eliminada correctamente.');
    expect(await ctx.db.select().from(dspPlans).where(eq(dspPlans.dspId, created.id))).toEqual([]);
    expect((await remove(created.id)).statusCode).toBe(404);
    expect((await get(`/api/v1/dsps/${created.id}/deletion`)).statusCode).toBe(404);
  });

  it('keeps a DSP with customers: 409 that counts them, in the check and the delete; deletable once they are gone', async () => {
    const created = await createDsp({ name: 'Con clientes' });
    const customerIds: number[] = [];
    for (const [index, dni] of ['CC-1', 'CC-2'].entries()) {
      const payload = { dni, name: `Cliente ${index}`, email: `c${index}@clientes.test`, password: 'Clave-Segura-1', password_confirmation: 'Clave-Segura-1', plan_id: [planA] };
      customerIds.push((await json(ctx.inject({ method: 'POST', url: `/api/v1/dsps/${created.id}/customers`, headers: auth(), payload }), 201)).data.id);
    }
    expect((await get(`/api/v1/dsps/${created.id}/deletion`)).json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 clientes' });
    const refused = await remove(created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 2 clientes');
    await json(ctx.inject({ method: 'DELETE', url: `/api/v1/customers/${customerIds[0]}`, headers: auth() }), 200);
    expect((await get(`/api/v1/dsps/${created.id}/deletion`)).json().data.reason).toBe('No se puede eliminar: tiene 1 cliente');
    await json(ctx.inject({ method: 'DELETE', url: `/api/v1/customers/${customerIds[1]}`, headers: auth() }), 200);
    expect((await remove(created.id)).statusCode).toBe(200);
  });

  it('keeps a plan that a DSP sells: 409 naming the DSPs, never a server error', async () => {
    const plan = await newPlan(await newCampaign('Vendida', sponsorId), 'Plan Vendido');
    await createDsp({ name: 'Vendedora 1', plans: [plan] });
    await createDsp({ name: 'Vendedora 2', plans: [plan] });
    const check = (await get(`/api/v1/plans/${plan}/deletion`)).json().data;
    expect(check).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 DSP' });
    const refused = await ctx.inject({ method: 'DELETE', url: `/api/v1/plans/${plan}`, headers: auth() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 2 DSP');
  });
});

describe('DSP staff', () => {
  it('assigns active people, keeps those already there, and removes the ones sent with PUT', async () => {
    const created = await createDsp({ name: 'Con personal' });
    const ana = await ctx.createUser({ email: 'ana.dsp@panel.test', name: 'Ana Ruiz', roles: ['OPERATOR'] });
    const beto = await ctx.createUser({ email: 'beto.dsp@panel.test', name: 'Beto Díaz', roles: ['ADMIN', 'OPERATOR'] });
    const assigned = await json(staffCall('POST', created.id, [ana]), 200);
    expect(assigned.message).toBe('Usuario asignado correctamente.');
    const both = await json(staffCall('POST', created.id, [beto, ana]), 200);
    expect(both.data).toEqual([
      { id: ana, name: 'Ana Ruiz', email: 'ana.dsp@panel.test', dni: null, rol: ['Operador'] },
      { id: beto, name: 'Beto Díaz', email: 'beto.dsp@panel.test', dni: null, rol: ['Admin', 'Operador'] },
    ]);
    const removed = await json(staffCall('PUT', created.id, [ana]), 200);
    expect(removed.message).toBe('Usuario quitado de la DSP correctamente.');
    expect(both.message).toBe('Usuarios asignados correctamente.');
    expect((removed.data as unknown as { id: number }[]).map((person) => person.id)).toEqual([beto]);
    const form = await postForm(`/api/v1/dsps/${created.id}/users`, { _method: 'PUT', 'users[0]': String(beto) });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toEqual([]);
    expect((await get(`/api/v1/dsps/${created.id}?include=users`)).json().data.users).toEqual([]);
  });

  it('refuses unknown or inactive people (422 on users), an empty list, and a DSP that does not exist', async () => {
    const created = await createDsp({ name: 'Sin fantasmas' });
    const inactive = await ctx.createUser({ email: 'inactivo.dsp@panel.test', isActive: false });
    const refused = await staffCall('POST', created.id, [999999, inactive]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ users: [`Usuarios que no existen o no están activos: 999999, ${inactive}.`] });
    expect((await staffCall('POST', created.id, [])).json().errors).toEqual({ users: ['Indica al menos un usuario.'] });
    expect((await staffCall('POST', 999999, [inactive])).statusCode).toBe(404);
    expect((await get(`/api/v1/dsps/${created.id}?include=users`)).json().data.users).toEqual([]);
  });

  it('offers active staff to pick (id, name, e-mail, DNI, role names only), searched by name, e-mail or DNI, at most 100', async () => {
    await ctx.createUser({ email: 'picker.lucia@panel.test', name: 'Lucía Picker', roles: ['BUSINESS_LEADER'] });
    await ctx.createUser({ email: 'picker.apagado@panel.test', name: 'Apagado Picker', isActive: false });
    const answer = (await get('/api/v1/dsps/staff?filter[q]=picker')).json().data;
    expect(answer.data).toEqual([{ id: expect.any(Number), name: 'Lucía Picker', email: 'picker.lucia@panel.test', dni: null, rol: ['Business Leader'] }]);
    expect((await get('/api/v1/dsps/staff?q=LUCIA')).json().data.data).toHaveLength(1);
    expect(answer.per_page).toBe(100);
    expect((await get('/api/v1/dsps/staff?limit=101')).statusCode).toBe(400);
  });
});

describe('history', () => {
  it('records create, update (settings as JSON text, plans), staff changes and delete in the DSP’s history', async () => {
    const created = await createDsp({ name: 'Historiada', settings: { a: 1 } });
    await json(putJson(created.id, { settings: { a: 2 }, plans: [planA, planB] }), 200);
    const person = await ctx.createUser({ email: 'historia.dsp@panel.test' });
    await json(staffCall('POST', created.id, [person]), 200);
    await json(staffCall('PUT', created.id, [person]), 200);
    const entries = (await get(`/api/v1/dsps/${created.id}/history`)).json().data.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(entries[0].changes).toEqual([{ field: 'users', before: [person], after: [], secret: false }]);
    expect(entries[1].changes).toEqual([{ field: 'users', before: [], after: [person], secret: false }]);
    expect(entries[2].changes).toEqual([
      { field: 'settings', before: '{"a":1}', after: '{"a":2}', secret: false },
      { field: 'plans', before: [planA], after: [planA, planB], secret: false },
    ]);
    expect(entries[3]).toMatchObject({ resource: 'dsp', resource_id: created.id, resource_label: 'Historiada' });
    expect(entries[3].changes).toEqual(expect.arrayContaining([{ field: 'plans', before: null, after: [planA], secret: false }]));
    expect((await remove(created.id)).statusCode).toBe(200);
    const audit = (await get(`/api/v1/audit?filter[resource]=dsp&filter[resource_id]=${created.id}`)).json().data.data;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'update', 'update', 'create']);
  });

  it('leaves no entry for a refused write', async () => {
    const before = (await get('/api/v1/audit?filter[resource]=dsp')).json().data.total;
    await postJson(valid({ name: 'Rechazada', plans: [foreignPlan] }));
    await postJson({ name: 'Rechazada' });
    expect((await get('/api/v1/audit?filter[resource]=dsp')).json().data.total).toBe(before);
  });
});

describe('who may call it', () => {
  it('refuses every DSP route without dsps.manage (403, even to an admin) and without a session (401)', async () => {
    const created = await createDsp({ name: 'Protegida' });
    await ctx.createUser({ email: 'admin.dsp@panel.test', roles: ['ADMIN'] });
    const admin = bearer(await ctx.signIn('admin.dsp@panel.test'));
    const calls = [
      ['GET', '/api/v1/dsps'],
      ['GET', '/api/v1/dsps/staff'],
      ['GET', `/api/v1/dsps/${created.id}/users`],
      ['POST', '/api/v1/dsps'],
      ['GET', `/api/v1/dsps/${created.id}`],
      ['PUT', `/api/v1/dsps/${created.id}`],
      ['POST', `/api/v1/dsps/${created.id}`],
      ['DELETE', `/api/v1/dsps/${created.id}`],
      ['GET', `/api/v1/dsps/${created.id}/deletion`],
      ['POST', `/api/v1/dsps/${created.id}/users`],
      ['PUT', `/api/v1/dsps/${created.id}/users`],
      ['GET', `/api/v1/dsps/${created.id}/history`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { users: [1] };
      expect((await ctx.inject({ method, url, headers: admin, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await get(`/api/v1/dsps/${created.id}`)).json().data.name).toBe('Protegida');
  });
});
