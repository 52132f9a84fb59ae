import { ENTITLEMENT_STATUSES, ENTITLEMENT_TRANSITIONS, type EntitlementStatus } from '@contract/entitlement';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dspPlans, dspUsers, entitlementPeriods, entitlementStatusHistories, entitlements, plans } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

let ctx: TestContext;
let adminToken: string;
let assignedToken: string;
let unassignedToken: string;
let assignedId: number;
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Andes Suscripciones', ['Plan Salud', 'Plan Mascotas', 'Plan Viaje']);
  other = await insertDspWithPlans(ctx, 'Pacífico Suscripciones', ['Plan Otro']);
  await ctx.db.update(plans).set({ commitmentMonths: 6 }).where(eq(plans.id, dsp.plans[0]!.id));
  assignedId = await ctx.createUser({ email: 'operador.suscripciones@panel.test', name: 'Operador Suscripciones', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: assignedId });
  await ctx.createUser({ email: 'sin.dsp@panel.test', roles: ['OPERATOR'] });
  assignedToken = await ctx.signIn('operador.suscripciones@panel.test');
  unassignedToken = await ctx.signIn('sin.dsp@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: Record<string, unknown>, token = adminToken) =>
  ctx.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const patchStatus = (id: number, payload: Record<string, unknown>, token = adminToken) => call('PATCH', `/api/v1/entitlements/${id}/status`, payload, token);

type Detail = {
  id: number;
  status: EntitlementStatus;
  plan_id: number;
  plan: { id: number; name: string };
  periods: { id: number; state: string; starts_at: string; ends_at: string; is_open: boolean }[];
  status_histories: { old_status: string | null; new_status: string; reason: string | null; changed_by: { id: number; name: string } | null }[];
};

let serial = 0;
/** A new customer of `dspId` subscribed to `planId`: its id and its subscription's id. */
async function newCustomer(dspId = dsp.dspId, planId = dsp.plans[0]!.id) {
  serial += 1;
  const payload = { dni: `SUS-${serial}`, name: `Cliente ${serial}`, email: `cliente${serial}@sus.test`, password: 'Clave-Segura-1', password_confirmation: 'Clave-Segura-1', plan_id: [planId] };
  const response = await call('POST', `/api/v1/dsps/${dspId}/customers`, payload);
  if (response.statusCode !== 201) throw new Error(response.body);
  const data = response.json().data;
  return { customerId: data.id as number, entitlementId: data.entitlements[0].id as number };
}
const detail = async (id: number, token = adminToken): Promise<Detail> => (await call('GET', `/api/v1/entitlements/${id}`, undefined, token)).json().data;

/** A subscription put straight into `status`, as if its history had led there (a period closed unless ACTIVE). */
async function subscriptionIn(status: EntitlementStatus): Promise<number> {
  const { entitlementId } = await newCustomer();
  await ctx.db.update(entitlements).set({ status }).where(eq(entitlements.id, entitlementId));
  if (status !== 'ACTIVE') await ctx.db.update(entitlementPeriods).set({ isOpen: false, state: status }).where(eq(entitlementPeriods.entitlementId, entitlementId));
  return entitlementId;
}

describe('POST /api/v1/entitlements', () => {
  it('subscribes a customer of the DSP to a plan it sells: ACTIVE, an open period, the first history row', async () => {
    const { customerId } = await newCustomer();
    const response = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: customerId, plan_id: dsp.plans[1]!.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Suscripción creada correctamente.');
    const created = response.json().data as Detail;
    expect(created).toMatchObject({ status: 'ACTIVE', plan_id: dsp.plans[1]!.id, plan: { id: dsp.plans[1]!.id, name: 'Plan Mascotas' } });
    expect(created.periods).toHaveLength(1);
    expect(created.periods[0]).toMatchObject({ state: 'ACTIVE', is_open: true });
    expect(created.status_histories).toMatchObject([{ old_status: null, new_status: 'ACTIVE', reason: null, changed_by: { name: expect.any(String) } }]);
    expect((await call('GET', `/api/v1/customers/${customerId}`)).json().data.plan_id).toEqual([dsp.plans[0]!.id, dsp.plans[1]!.id]);
  });

  it('takes multipart, as the panel sends it', async () => {
    const { customerId } = await newCustomer();
    const body = await multipart({ dsp_id: String(dsp.dspId), customer_id: String(customerId), plan_id: String(dsp.plans[2]!.id) });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/entitlements', headers: { ...bearer(adminToken), ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("asks for the plan, the DSP and the customer with the panel's words", async () => {
    const response = await call('POST', '/api/v1/entitlements', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ dsp_id: ['Falta DSP.'], customer_id: ['Falta Cliente.'], plan_id: ['Debes indicar un Plan ID.'] });
    const empty = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: 1, plan_id: '' });
    expect(empty.json().errors).toEqual({ plan_id: ['Debes indicar un Plan ID.'] });
  });

  it('refuses a plan the DSP does not sell, a customer of another DSP, and a plan the customer already holds', async () => {
    const { customerId } = await newCustomer();
    const unsold = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: customerId, plan_id: dsp.unsold.id });
    expect(unsold.statusCode).toBe(422);
    expect(unsold.json().errors).toEqual({ plan_id: ['El plan no es uno de los planes de esta DSP.'] });
    const elsewhere = await call('POST', '/api/v1/entitlements', { dsp_id: other.dspId, customer_id: customerId, plan_id: other.plans[0]!.id });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ customer_id: ['El cliente no es de esta DSP.'] });
    const twice = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: customerId, plan_id: dsp.plans[0]!.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ plan_id: ['El cliente ya tiene una suscripción de este plan.'] });
    expect((await ctx.db.select().from(entitlements).where(eq(entitlements.customerId, customerId))).length).toBe(1);
  });

  it('subscribes again to a plan whose subscription was cancelled: a new one, the cancelled one kept', async () => {
    const { customerId, entitlementId } = await newCustomer();
    expect((await patchStatus(entitlementId, { status: 'CANCELLED' })).statusCode).toBe(200);
    const again = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: customerId, plan_id: dsp.plans[0]!.id });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).not.toBe(entitlementId);
    expect((await detail(entitlementId)).status).toBe('CANCELLED');
  });
});

describe('a plan with subscriptions', () => {
  it('is not deleted, even once the DSP stopped selling it: 409 that counts them, in the check and the delete', async () => {
    const seller = await insertDspWithPlans(ctx, 'Vendedora Retirada', ['Plan Retirado']);
    const planId = seller.plans[0]!.id;
    await newCustomer(seller.dspId, planId);
    await ctx.db.delete(dspPlans).where(eq(dspPlans.planId, planId));
    expect((await call('GET', `/api/v1/plans/${planId}/deletion`)).json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 1 suscripción' });
    const refused = await ctx.inject({ method: 'DELETE', url: `/api/v1/plans/${planId}`, headers: bearer(adminToken) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se puede eliminar: tiene 1 suscripción');
  });
});

describe('GET /api/v1/entitlements/:id', () => {
  it('answers the subscription with its plan, periods and status history', async () => {
    const { entitlementId } = await newCustomer();
    const found = await detail(entitlementId);
    expect(Object.keys(found).sort()).toEqual(['created_at', 'customer_id', 'dsp_id', 'id', 'payment_method', 'periods', 'plan', 'plan_id', 'status', 'status_histories', 'updated_at', 'version']);
    expect((await call('GET', '/api/v1/entitlements/999999')).json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'La suscripción no existe.' });
  });
});

describe('PATCH /api/v1/entitlements/:id/status', () => {
  const allowed = ENTITLEMENT_STATUSES.flatMap((from) => ENTITLEMENT_TRANSITIONS[from].map((to) => [from, to] as const));
  const refused = ENTITLEMENT_STATUSES.flatMap((from) => ENTITLEMENT_STATUSES.filter((to) => !ENTITLEMENT_TRANSITIONS[from].includes(to)).map((to) => [from, to] as const));

  it('writes the rule as the business has it', () => {
    expect(allowed).toEqual([
      ['ACTIVE', 'SUSPENDED'],
      ['ACTIVE', 'CANCELLED'],
      ['ACTIVE', 'EXPIRED'],
      ['SUSPENDED', 'ACTIVE'],
      ['SUSPENDED', 'CANCELLED'],
      ['EXPIRED', 'ACTIVE'],
      ['PENDING', 'ACTIVE'],
      ['PENDING', 'CANCELLED'],
    ]);
  });

  it.each(allowed)('%s → %s is allowed, with a history row naming who and why', async (from, to) => {
    const id = await subscriptionIn(from);
    const response = await patchStatus(id, { status: to, reason: `  Motivo ${from} a ${to}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Estado actualizado correctamente.');
    const answer = response.json().data as Detail;
    expect(answer.status).toBe(to);
    expect(answer.status_histories[0]).toMatchObject({ old_status: from, new_status: to, reason: `Motivo ${from} a ${to}`, changed_by: { name: expect.any(String) } });
    expect(answer.periods.filter((period) => period.is_open)).toHaveLength(to === 'ACTIVE' ? 1 : 0);
  });

  it.each(refused)('%s → %s is refused with 422 and a Spanish reason; nothing changes', async (from, to) => {
    const id = await subscriptionIn(from);
    const histories = (await ctx.db.select().from(entitlementStatusHistories).where(eq(entitlementStatusHistories.entitlementId, id))).length;
    const response = await patchStatus(id, { status: to });
    expect(response.statusCode, response.body).toBe(422);
    const message = response.json().message as string;
    expect(response.json().errors).toEqual({ status: [message] });
    if (from === to) expect(message).toMatch(/^La suscripción ya está en estado /);
    else if (from === 'CANCELLED') expect(message).toBe('Una suscripción cancelada no puede cambiar de estado.');
    else expect(message).toMatch(/^Una suscripción en estado \S+ no puede pasar a \S+; solo a /);
    expect((await detail(id)).status).toBe(from);
    expect((await ctx.db.select().from(entitlementStatusHistories).where(eq(entitlementStatusHistories.entitlementId, id))).length).toBe(histories);
  });

  it('names the statuses in Spanish when it refuses, e.g. out of EXPIRED', async () => {
    const id = await subscriptionIn('EXPIRED');
    expect((await patchStatus(id, { status: 'SUSPENDED' })).json().message).toBe('Una suscripción en estado Expirado no puede pasar a Suspendido; solo a Activo.');
  });

  it('closes the open period when leaving ACTIVE and opens a new one when coming back', async () => {
    const { entitlementId } = await newCustomer();
    const suspended = (await patchStatus(entitlementId, { status: 'SUSPENDED', reason: 'Falta de pago' })).json().data as Detail;
    expect(suspended.periods).toHaveLength(1);
    expect(suspended.periods[0]).toMatchObject({ is_open: false, state: 'SUSPENDED' });
    expect(new Date(suspended.periods[0]!.ends_at).getTime()).toBeLessThanOrEqual(Date.now());
    const back = (await patchStatus(entitlementId, { status: 'ACTIVE' })).json().data as Detail;
    expect(back.periods.map((period) => period.is_open)).toEqual([false, true]);
    const open = back.periods[1]!;
    const end = new Date(open.starts_at);
    end.setUTCMonth(end.getUTCMonth() + 6);
    expect(open.ends_at).toBe(end.toISOString());
    expect(back.status_histories.map((entry) => [entry.old_status, entry.new_status, entry.reason])).toEqual([
      ['SUSPENDED', 'ACTIVE', null],
      ['ACTIVE', 'SUSPENDED', 'Falta de pago'],
      [null, 'ACTIVE', null],
    ]);
  });

  it('renews an expired subscription only to ACTIVE, with a new period beside the closed one', async () => {
    const { entitlementId } = await newCustomer();
    await patchStatus(entitlementId, { status: 'EXPIRED' });
    expect((await patchStatus(entitlementId, { status: 'CANCELLED' })).statusCode).toBe(422);
    const renewed = (await patchStatus(entitlementId, { status: 'ACTIVE', reason: 'Renovación' })).json().data as Detail;
    expect(renewed.periods.map((period) => [period.state, period.is_open])).toEqual([
      ['EXPIRED', false],
      ['ACTIVE', true],
    ]);
  });

  it('takes a form body, and refuses an unknown status or an overlong reason', async () => {
    const { entitlementId } = await newCustomer();
    const form = await ctx.inject({
      method: 'PATCH',
      url: `/api/v1/entitlements/${entitlementId}/status`,
      headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ status: 'SUSPENDED', reason: 'Pedido del cliente' }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.status_histories[0].reason).toBe('Pedido del cliente');
    const unknown = await patchStatus(entitlementId, { status: 'PAUSED' });
    expect(unknown.json().errors).toEqual({ status: ['El estado debe ser ACTIVE, SUSPENDED, CANCELLED, EXPIRED, PENDING.'] });
    const long = await patchStatus(entitlementId, { status: 'ACTIVE', reason: 'x'.repeat(501) });
    expect(long.json().errors).toEqual({ reason: ['El motivo no puede superar 500 caracteres.'] });
  });

  it('takes POST with _method=PATCH, as a form sends it, and refuses a POST that names no PATCH', async () => {
    const { entitlementId } = await newCustomer();
    const url = `/api/v1/entitlements/${entitlementId}/status`;
    const overridden = await call('POST', url, { _method: 'PATCH', status: 'SUSPENDED', reason: 'Por formulario' });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().data.status).toBe('SUSPENDED');
    const plain = await call('POST', url, { status: 'ACTIVE' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe('Esta ruta se actualiza con _method=PATCH.');
    const put = await call('POST', url, { _method: 'PUT', status: 'ACTIVE' });
    expect(put.json().message).toBe('Esta ruta se actualiza con _method=PATCH, no PUT.');
    expect((await detail(entitlementId)).status).toBe('SUSPENDED');
  });

  it('puts each change on the change history, with its reason', async () => {
    const { entitlementId } = await newCustomer();
    await patchStatus(entitlementId, { status: 'SUSPENDED', reason: 'Revisión' });
    const entries = (await call('GET', `/api/v1/audit?filter[resource]=entitlement&filter[resource_id]=${entitlementId}`)).json().data.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual([
      { field: 'status', before: 'ACTIVE', after: 'SUSPENDED', secret: false },
      { field: 'reason', before: null, after: 'Revisión', secret: false },
    ]);
  });
});

describe('who sees whose subscriptions', () => {
  it('lets staff assigned to the DSP read, create and change them, recorded as theirs', async () => {
    const { customerId, entitlementId } = await newCustomer();
    expect((await call('GET', `/api/v1/entitlements/${entitlementId}`, undefined, assignedToken)).statusCode).toBe(200);
    const changed = (await patchStatus(entitlementId, { status: 'SUSPENDED' }, assignedToken)).json().data as Detail;
    expect(changed.status_histories[0]!.changed_by).toEqual({ id: assignedId, name: 'Operador Suscripciones' });
    const created = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: customerId, plan_id: dsp.plans[1]!.id }, assignedToken);
    expect(created.statusCode).toBe(201);
  });

  it('answers 404, never 403, to anyone else, and changes nothing', async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer(other.dspId, other.plans[0]!.id);
    const cases: [token: string, target: { customerId: number; entitlementId: number }, dspId: number, planId: number][] = [
      [assignedToken, theirs, other.dspId, other.plans[0]!.id],
      [unassignedToken, mine, dsp.dspId, dsp.plans[1]!.id],
    ];
    for (const [token, target, dspId, planId] of cases) {
      const read = await call('GET', `/api/v1/entitlements/${target.entitlementId}`, undefined, token);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe('La suscripción no existe.');
      expect((await patchStatus(target.entitlementId, { status: 'SUSPENDED' }, token)).statusCode).toBe(404);
      const create = await call('POST', '/api/v1/entitlements', { dsp_id: dspId, customer_id: target.customerId, plan_id: planId }, token);
      expect(create.statusCode).toBe(404);
      expect(create.json().message).toBe('La DSP no existe.');
      expect((await detail(target.entitlementId)).status).toBe('ACTIVE');
    }
    // A customer of a DSP not theirs, sent with the DSP that is: 404 for the customer.
    const crossed = await call('POST', '/api/v1/entitlements', { dsp_id: dsp.dspId, customer_id: theirs.customerId, plan_id: dsp.plans[1]!.id }, assignedToken);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('El cliente no existe.');
    expect(await ctx.db.select().from(entitlements).where(and(eq(entitlements.customerId, theirs.customerId), eq(entitlements.planId, dsp.plans[1]!.id)))).toEqual([]);
  });
});
