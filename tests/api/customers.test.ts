import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, dspUsers, entitlements, plans } from '../../server/db/schema';
import { verifyPassword } from '../../server/security/password';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { countQueries } from './support/query-count';
import { captureStatements } from './support/query-plans';

let ctx: TestContext;
let adminToken: string;
/** An operator assigned to `dsp` only, and one assigned to none. */
let assignedToken: string;
let unassignedToken: string;
/** A DSP selling two plans (the first with 12 months of commitment); `other` sells one. */
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;

const PASSWORD = 'Clave-Cliente-1';

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Andes Ventas', ['Plan Hogar', 'Plan Auto']);
  other = await insertDspWithPlans(ctx, 'Caribe Ventas', ['Plan Viaje']);
  await ctx.db.update(plans).set({ commitmentMonths: 12 }).where(eq(plans.id, dsp.plans[0]!.id));
  const assignedId = await ctx.createUser({ email: 'operadora.andes@panel.test', name: 'Operadora Andes', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: assignedId });
  await ctx.createUser({ email: 'operador.suelto@panel.test', roles: ['OPERATOR'] });
  assignedToken = await ctx.signIn('operadora.andes@panel.test');
  unassignedToken = await ctx.signIn('operador.suelto@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: Record<string, unknown>, token = adminToken) =>
  ctx.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let serial = 0;
const valid = (extra: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    dni: `10${String(serial).padStart(6, '0')}`,
    name: `María Gómez ${serial}`,
    email: `maria.${serial}@correo.test`,
    phone: `+57 300 555 ${String(serial).padStart(4, '0')}`,
    meta: { address: 'Calle 10 # 5-20', city: 'Bogotá' },
    password: PASSWORD,
    password_confirmation: PASSWORD,
    plan_id: [dsp.plans[0]!.id],
    ...extra,
  };
};
type CustomerAnswer = {
  id: number;
  dsp_id: number;
  plan_id: number[];
  entitlements: { id: number; plan_id: number; status: string; plan: { id: number; name: string } }[];
} & Record<string, unknown>;
async function createCustomer(extra: Record<string, unknown> = {}, dspId = dsp.dspId, token = adminToken): Promise<CustomerAnswer> {
  const response = await call('POST', `/api/v1/dsps/${dspId}/customers`, valid(extra), token);
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data;
}
const rowCounts = async () => ({ customers: (await ctx.db.select().from(customers)).length, entitlements: (await ctx.db.select().from(entitlements)).length });

describe('POST /api/v1/dsps/:dspId/customers', () => {
  it('creates the customer with one active subscription per plan, and never answers the password', async () => {
    const response = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ dni: ' 52.123.456 ', email: ' Laura.Rios@Correo.TEST ', name: 'Laura Ríos', plan_id: [dsp.plans[0]!.id, dsp.plans[1]!.id] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Cliente creado correctamente.');
    const created = response.json().data;
    expect(created).toMatchObject({
      dsp_id: dsp.dspId,
      dni: '52.123.456',
      name: 'Laura Ríos',
      email: 'laura.rios@correo.test',
      meta: { address: 'Calle 10 # 5-20', city: 'Bogotá' },
      plan_id: [dsp.plans[0]!.id, dsp.plans[1]!.id],
    });
    expect(created.entitlements.map((item: { plan: { name: string }; status: string }) => [item.plan.name, item.status])).toEqual([
      ['Plan Hogar', 'ACTIVE'],
      ['Plan Auto', 'ACTIVE'],
    ]);
    expect(response.body).not.toMatch(/password|Clave-Cliente|scrypt/i);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, row!.passwordHash)).toBe(true);
  });

  it('opens each subscription with a period from now to the end of the plan’s commitment months, and a first history row by the staff member', async () => {
    const before = Date.now();
    const created = await createCustomer();
    const detail = (await call('GET', `/api/v1/entitlements/${created.entitlements[0]!.id}`)).json().data;
    expect(detail.periods).toHaveLength(1);
    const [period] = detail.periods;
    expect(period).toMatchObject({ state: 'ACTIVE', is_open: true });
    const starts = new Date(period.starts_at);
    expect(starts.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const twelveMonthsLater = new Date(starts);
    twelveMonthsLater.setUTCMonth(twelveMonthsLater.getUTCMonth() + 12);
    expect(period.ends_at).toBe(twelveMonthsLater.toISOString());
    expect(detail.status_histories).toEqual([
      { id: expect.any(Number), old_status: null, new_status: 'ACTIVE', reason: null, created_at: expect.any(String), changed_by: { id: expect.any(Number), name: expect.any(String) } },
    ]);
  });

  it('takes a form with plan_id[i] and meta[…]; phone, address and city are optional', async () => {
    const form = new URLSearchParams({
      dni: '77001',
      name: 'Pedro Suárez',
      email: 'pedro@correo.test',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      'plan_id[0]': String(dsp.plans[1]!.id),
      'meta[city]': 'Medellín',
    });
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/v1/dsps/${dsp.dspId}/customers`,
      headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ phone: null, meta: { address: null, city: 'Medellín' }, plan_id: [dsp.plans[1]!.id] });
  });

  it('requires DNI, name, e-mail, a password with its confirmation, and at least one plan', async () => {
    const missing = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, { phone: '1' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      dni: ['El DNI es requerido'],
      name: ['El nombre es requerido'],
      email: ['El email es requerido'],
      password: ['La contraseña es requerida'],
      plan_id: ['Selecciona al menos un plan.'],
    });
    const differ = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ password_confirmation: 'Otra-Clave-99' }));
    expect(differ.statusCode).toBe(422);
    expect(differ.json().errors).toEqual({ password_confirmation: ['Las contraseñas no coinciden.'] });
    const unconfirmed = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ password_confirmation: '' }));
    expect(unconfirmed.json().errors).toEqual({ password_confirmation: ['Confirma la contraseña.'] });
    const badEmail = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ email: 'no-es-un-email' }));
    expect(badEmail.json().errors).toEqual({ email: ['El email no es válido'] });
  });

  it('accepts only plans the DSP sells, and then writes nothing: the customer and its subscriptions go in one transaction', async () => {
    const before = await rowCounts();
    for (const planIds of [[dsp.unsold.id], [other.plans[0]!.id], [dsp.plans[0]!.id, dsp.unsold.id]]) {
      const response = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ plan_id: planIds }));
      expect(response.statusCode, JSON.stringify(planIds)).toBe(422);
      expect(response.json().errors).toEqual({ plan_id: ['Los planes deben ser planes que vende esta DSP.'] });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps DNI and e-mail unique within the DSP (ignoring case and spaces), while another DSP may have the same person', async () => {
    const first = await createCustomer({ dni: 'AB-900', email: 'unico@correo.test' });
    const sameDni = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ dni: ' ab-900 ' }));
    expect(sameDni.statusCode).toBe(409);
    expect(sameDni.json().errors).toEqual({ dni: ['Ya existe un cliente con ese DNI en esta DSP.'] });
    const sameEmail = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid({ email: 'UNICO@correo.test' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual({ email: ['Ya existe un cliente con ese email en esta DSP.'] });
    const elsewhere = await createCustomer({ dni: 'AB-900', email: 'unico@correo.test', plan_id: [other.plans[0]!.id] }, other.dspId);
    expect(elsewhere.dsp_id).toBe(other.dspId);
    const renamed = await call('PUT', `/api/v1/customers/${(await createCustomer()).id}`, { dni: 'ab-900' });
    expect(renamed.statusCode).toBe(409);
    expect(first.id).toBeGreaterThan(0);
  });

  it('answers 404 for a DSP that does not exist', async () => {
    const response = await call('POST', '/api/v1/dsps/999999/customers', valid());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('La DSP no existe.');
  });
});

describe('GET /api/v1/dsps/:dspId/customers', () => {
  let listDsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
  beforeAll(async () => {
    listDsp = await insertDspWithPlans(ctx, 'Lista Clientes', ['Plan Lista']);
    const planId = listDsp.plans[0]!.id;
    const people = [
      { dni: '1001', name: 'Ana Álvarez', email: 'ana@lista.test', phone: '3001112233' },
      { dni: '1002', name: 'Bruno Díaz', email: 'bruno@lista.test', phone: '3004445566' },
      { dni: '2003', name: 'Carla Núñez', email: 'carla@otro.test', phone: null },
    ];
    for (const person of people) await createCustomer({ ...person, plan_id: [planId] }, listDsp.dspId);
  });
  const list = (query = '') => call('GET', `/api/v1/dsps/${listDsp.dspId}/customers${query ? `?${query}` : ''}`);
  const names = async (query: string) => (await list(query)).json().data.data.map((item: { name: string }) => item.name);

  it('pages 12 at a time, newest first, and searches name, DNI, e-mail and phone', async () => {
    const page = (await list()).json().data;
    expect(page).toMatchObject({ per_page: 12, total: 3, current_page: 1 });
    expect(page.data.map((item: { name: string }) => item.name)).toEqual(['Carla Núñez', 'Bruno Díaz', 'Ana Álvarez']);
    expect(await names('q=alvarez')).toEqual(['Ana Álvarez']);
    expect(await names('filter[q]=2003')).toEqual(['Carla Núñez']);
    expect(await names('q=otro.test')).toEqual(['Carla Núñez']);
    expect(await names('q=4445')).toEqual(['Bruno Díaz']);
    expect(await names('filter[dni]=100&sort=name')).toEqual(['Ana Álvarez', 'Bruno Díaz']);
    expect(await names('filter[name]=nunez')).toEqual(['Carla Núñez']);
    expect(await names('filter[email]=bruno')).toEqual(['Bruno Díaz']);
    expect(await names('filter[phone]=300111')).toEqual(['Ana Álvarez']);
    expect(await names('limit=1&page=2')).toEqual(['Bruno Díaz']);
    const unknown = await list('filter[password]=x');
    expect(unknown.statusCode).toBe(400);
  });

  it('never lists another DSP’s customers, nor passwords', async () => {
    const body = (await list('limit=100')).body;
    expect(body).not.toMatch(/password|scrypt/i);
    expect(JSON.parse(body).data.data.every((item: { dsp_id: number }) => item.dsp_id === listDsp.dspId)).toBe(true);
  });

  it('includes the subscriptions with their plan in a fixed number of statements, for 1 customer or 12', async () => {
    const oneDsp = await insertDspWithPlans(ctx, 'Conteo Clientes', ['Plan C1', 'Plan C2']);
    const url = `/api/v1/dsps/${oneDsp.dspId}/customers?include=entitlements,entitlements.plan`;
    await createCustomer({ plan_id: oneDsp.plans.map((plan) => plan.id) }, oneDsp.dspId);
    const single = await countQueries(ctx.db, () => call('GET', url));
    for (let index = 0; index < 11; index++) await createCustomer({ plan_id: oneDsp.plans.map((plan) => plan.id) }, oneDsp.dspId);
    const twelve = await countQueries(ctx.db, () => call('GET', url));
    expect(twelve).toBe(single);
    const page = (await call('GET', url)).json().data.data;
    expect(page).toHaveLength(12);
    expect(page[0].entitlements.map((item: { plan: { name: string } }) => item.plan.name)).toEqual(['Plan C1', 'Plan C2']);
    const withHistory = (await call('GET', `${url},entitlements.periods,entitlements.status_histories&limit=1`)).json().data.data[0];
    expect(withHistory.entitlements[0].periods).toHaveLength(1);
    expect(withHistory.entitlements[0].status_histories[0]).toMatchObject({ old_status: null, new_status: 'ACTIVE' });
  });
});

describe('GET, PUT /api/v1/customers/:id', () => {
  it('reads one customer with its subscriptions on request', async () => {
    const created = await createCustomer();
    const plain = (await call('GET', `/api/v1/customers/${created.id}`)).json().data;
    expect(plain.entitlements).toBeUndefined();
    expect(plain.plan_id).toEqual([dsp.plans[0]!.id]);
    const full = (await call('GET', `/api/v1/customers/${created.id}?include=entitlements.plan`)).json().data;
    expect(full.entitlements[0]).toMatchObject({ plan: { id: dsp.plans[0]!.id, name: 'Plan Hogar' }, status: 'ACTIVE' });
    expect((await call('GET', '/api/v1/customers/999999')).json().message).toBe('El cliente no existe.');
  });

  it('changes only the fields sent; the password is optional but must match its confirmation', async () => {
    const created = await createCustomer();
    const [before] = await ctx.db.select().from(customers).where(eq(customers.id, created.id));
    const renamed = await call('PUT', `/api/v1/customers/${created.id}`, { name: 'Nombre Nuevo', meta: { city: 'Cali' }, password: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().message).toBe('Cliente actualizado correctamente.');
    expect(renamed.json().data).toMatchObject({ name: 'Nombre Nuevo', email: created.email, meta: { address: 'Calle 10 # 5-20', city: 'Cali' } });
    const [kept] = await ctx.db.select().from(customers).where(eq(customers.id, created.id));
    expect(kept!.passwordHash).toBe(before!.passwordHash);
    const mismatch = await call('PUT', `/api/v1/customers/${created.id}`, { password: 'Nueva-Clave-22', password_confirmation: 'Otra-Clave-22' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Las contraseñas no coinciden.'] });
    const changed = await call('PUT', `/api/v1/customers/${created.id}`, { password: 'Nueva-Clave-22', password_confirmation: 'Nueva-Clave-22' });
    expect(changed.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(customers).where(eq(customers.id, created.id));
    expect(await verifyPassword('Nueva-Clave-22', after!.passwordHash)).toBe(true);
  });

  it('adds a subscription for a new plan and cancels (never deletes) the one of a plan taken off, with its reason', async () => {
    const created = await createCustomer();
    const [hogar, auto] = dsp.plans;
    const moved = await call('PUT', `/api/v1/customers/${created.id}`, { plan_id: [auto!.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.plan_id).toEqual([auto!.id]);
    const subscriptions = moved.json().data.entitlements as { id: number; plan_id: number; status: string }[];
    expect(subscriptions.map((item) => [item.plan_id, item.status])).toEqual([
      [hogar!.id, 'CANCELLED'],
      [auto!.id, 'ACTIVE'],
    ]);
    const cancelled = (await call('GET', `/api/v1/entitlements/${subscriptions[0]!.id}`)).json().data;
    expect(cancelled.status_histories[0]).toMatchObject({ old_status: 'ACTIVE', new_status: 'CANCELLED', reason: 'Plan quitado del cliente.' });
    expect(cancelled.periods[0].is_open).toBe(false);
    const back = (await call('PUT', `/api/v1/customers/${created.id}`, { plan_id: [hogar!.id, auto!.id] })).json().data;
    expect(back.plan_id).toEqual([hogar!.id, auto!.id]);
    expect(back.entitlements).toHaveLength(3);
    const refused = await call('PUT', `/api/v1/customers/${created.id}`, { plan_id: [dsp.unsold.id] });
    expect(refused.statusCode).toBe(422);
    expect((await call('GET', `/api/v1/customers/${created.id}`)).json().data.plan_id).toEqual([hogar!.id, auto!.id]);
    expect((await call('PUT', `/api/v1/customers/${created.id}`, { plan_id: [] })).json().errors).toEqual({ plan_id: ['Selecciona al menos un plan.'] });
  });
});

describe('DELETE /api/v1/customers/:id', () => {
  it('asks first, deletes the customer with its subscriptions, and 404 afterwards', async () => {
    const created = await createCustomer();
    expect((await call('GET', `/api/v1/customers/${created.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const response = await call('DELETE', `/api/v1/customers/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Cliente eliminado correctamente.');
    expect(await ctx.db.select().from(entitlements).where(eq(entitlements.customerId, created.id))).toEqual([]);
    expect((await call('DELETE', `/api/v1/customers/${created.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/customers/${created.id}/deletion`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/customers/:id/history', () => {
  it('records creation, changes and deletion; a password only as changed, never its value', async () => {
    const created = await createCustomer({ name: 'Con Historia' });
    await call('PUT', `/api/v1/customers/${created.id}`, { phone: '601 222 3344', password: 'Clave-Historia-9', password_confirmation: 'Clave-Historia-9' });
    const history = (await call('GET', `/api/v1/customers/${created.id}/history`)).json().data.data as {
      action: string;
      changes: { field: string; before: unknown; after: unknown; secret: boolean }[];
    }[];
    expect(history.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'phone', before: created.phone, after: '601 222 3344', secret: false },
        { field: 'password', before: null, after: null, secret: true },
      ]),
    );
    expect(history[1]!.changes.find((change) => change.field === 'plan_id')).toMatchObject({ after: [dsp.plans[0]!.id] });
    const text = JSON.stringify(history);
    expect(text).not.toContain('Clave-Historia-9');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('scrypt');
    await call('DELETE', `/api/v1/customers/${created.id}`);
    const audit = (await call('GET', `/api/v1/audit?filter[resource]=customer&filter[resource_id]=${created.id}`)).json().data.data;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
  });
});

describe('who sees whose customers', () => {
  it('lets staff assigned to the DSP list, read, create, edit, check, delete and see the history of its customers', async () => {
    const mine = await createCustomer({}, dsp.dspId, assignedToken);
    expect((await call('GET', `/api/v1/dsps/${dsp.dspId}/customers`, undefined, assignedToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/customers/${mine.id}`, undefined, assignedToken)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/customers/${mine.id}`, { name: 'Editado por operadora' }, assignedToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/customers/${mine.id}/history`, undefined, assignedToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/customers/${mine.id}/deletion`, undefined, assignedToken)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/customers/${mine.id}`, undefined, assignedToken)).statusCode).toBe(200);
  });

  it('pages a DSP’s customers without asking first whether the DSP is theirs; an empty page asks', async () => {
    const listed = await insertDspWithPlans(ctx, 'Pacífico Ventas', ['Plan Pacífico']);
    const dspChecks = async (url: string, token: string) => {
      const { statements, result } = await captureStatements(ctx.db, () => call('GET', url, undefined, token));
      return { status: result.statusCode, rows: result.json().data?.data?.length, checks: statements.filter(({ text }) => /^select "id" from "dsps"/.test(text)).length };
    };
    const url = `/api/v1/dsps/${listed.dspId}/customers`;
    expect(await dspChecks(url, adminToken)).toEqual({ status: 200, rows: 0, checks: 1 });
    await createCustomer({ plan_id: [listed.plans[0]!.id] }, listed.dspId);
    expect(await dspChecks(url, adminToken)).toEqual({ status: 200, rows: 1, checks: 0 });
    // The operator assigned elsewhere: the page, narrowed to their DSPs, is empty, and the check says 404.
    expect(await dspChecks(url, assignedToken)).toEqual({ status: 404, rows: undefined, checks: 1 });
  });

  it('answers 404, never 403, for another DSP’s customers, a DSP not assigned, or one that does not exist', async () => {
    const mine = await createCustomer();
    const theirs = await createCustomer({ plan_id: [other.plans[0]!.id] }, other.dspId);
    const cases: [token: string, customerId: number, dspId: number][] = [
      [assignedToken, theirs.id, other.dspId],
      [unassignedToken, mine.id, dsp.dspId],
      [unassignedToken, theirs.id, other.dspId],
      [assignedToken, 999999, 999999],
    ];
    for (const [token, customerId, dspId] of cases) {
      const attempts: [Method, string, Record<string, unknown>?][] = [
        ['GET', `/api/v1/dsps/${dspId}/customers`],
        ['POST', `/api/v1/dsps/${dspId}/customers`, valid()],
        ['GET', `/api/v1/customers/${customerId}`],
        ['PUT', `/api/v1/customers/${customerId}`, { name: 'Intruso' }],
        ['GET', `/api/v1/customers/${customerId}/deletion`],
        ['DELETE', `/api/v1/customers/${customerId}`],
        ['GET', `/api/v1/customers/${customerId}/history`],
      ];
      for (const [method, url, payload] of attempts) {
        const response = await call(method, url, payload, token);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message, `${method} ${url}`).toMatch(/^(El cliente no existe\.|La DSP no existe\.)$/);
      }
    }
    // Nothing was changed by the refused calls.
    expect((await call('GET', `/api/v1/customers/${theirs.id}`)).json().data.name).toBe(theirs.name);
    expect((await call('GET', `/api/v1/customers/${mine.id}`)).json().data.name).toBe(mine.name);
  });

  it('counts only what the person may see: the DSP permission sees every DSP, an assigned operator only theirs', async () => {
    const total = (await call('GET', `/api/v1/dsps/${other.dspId}/customers`)).json().data.total;
    expect(total).toBeGreaterThan(0);
    const own = (await call('GET', `/api/v1/dsps/${dsp.dspId}/customers?limit=100`, undefined, assignedToken)).json().data;
    expect(own.data.every((item: { dsp_id: number }) => item.dsp_id === dsp.dspId)).toBe(true);
    expect(own.total).toBe((await call('GET', `/api/v1/dsps/${dsp.dspId}/customers`)).json().data.total);
  });
});

describe('odd bodies', () => {
  it('answers 422 in Spanish, never a server error, for meta or plans of the wrong shape', async () => {
    const cases: Record<string, unknown>[] = [
      { meta: '[1,2]' },
      { meta: 'texto' },
      { meta: { address: ['a'], city: 5 } },
      { plan_id: { a: 1 } },
      { plan_id: [[1]] },
      { plan_id: ['2147483648'] },
      { password: 12345678, password_confirmation: 12345678 },
      { dni: 'x'.repeat(51) },
    ];
    for (const extra of cases) {
      const response = await call('POST', `/api/v1/dsps/${dsp.dspId}/customers`, valid(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(response.json().message).toBe('Los datos enviados no son válidos.');
    }
  });
});
