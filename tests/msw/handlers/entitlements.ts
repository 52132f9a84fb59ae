import { CUSTOMER_NOT_FOUND } from '@contract/customer';
import {
  ENTITLEMENT_ANSWERS,
  ENTITLEMENT_MESSAGES,
  ENTITLEMENT_NOT_FOUND,
  entitlementDetail,
  entitlementFields,
  entitlementStatusFields,
  entitlementTransitionRefusal,
  type EntitlementDetail,
  type EntitlementStatus,
} from '@contract/entitlement';
import { http } from 'msw';
import { answer, apiUrl, fail, invalid } from '../envelope';
import type { MockModule } from '../resource';
import { signedInUser } from './auth';
import { parseBody } from '../body';

type Fields = Record<string, unknown>;

/** What an entitlement handler was sent, `_method` left out. */
export type EntitlementRequest = { method: 'create' | 'status'; id: number | null; body: Fields };

let sequence = 0;
const next = () => (sequence += 1);
const at = '2025-03-01T10:00:00.000Z';
const changedAt = '2025-03-02T10:00:00.000Z';
const yearLater = (iso: string) => new Date(new Date(iso).getTime() + 365 * 24 * 3600 * 1000).toISOString();

/** A subscription as the server answers it: ACTIVE with an open period and its first history row, unless overridden. */
export const buildEntitlement = (overrides: Partial<EntitlementDetail> = {}): EntitlementDetail => {
  const id = 900 + next();
  const planId = overrides.plan_id ?? overrides.plan?.id ?? 70 + id;
  return {
    id,
    customer_id: 1,
    dsp_id: 1,
    plan_id: planId,
    status: 'ACTIVE',
    payment_method: null,
    created_at: at,
    updated_at: at,
    plan: { id: planId, name: `Plan ${planId}` },
    periods: [{ id: 5000 + id, state: 'ACTIVE', starts_at: at, ends_at: yearLater(at), is_open: true }],
    status_histories: [{ id: 6000 + id, old_status: null, new_status: 'ACTIVE', reason: null, created_at: at, changed_by: null }],
    ...overrides,
  };
};

/** The subscriptions, the customers (with their DSP) and the plans each DSP sells, and every write sent. */
export const entitlementsDb = {
  entitlements: [] as EntitlementDetail[],
  /** Customer id → the DSP the customer belongs to. */
  customers: new Map<number, number>(),
  /** DSP id → the plans it sells. */
  dspPlans: new Map<number, { id: number; name: string }[]>(),
  requests: [] as EntitlementRequest[],
  add(overrides: Partial<EntitlementDetail> = {}) {
    const item = buildEntitlement(overrides);
    entitlementsDb.entitlements.push(item);
    return item;
  },
  /** A customer's subscriptions, as `include=entitlements,…` lists them. */
  ofCustomer: (customerId: number) => entitlementsDb.entitlements.filter((item) => item.customer_id === customerId),
  reset() {
    entitlementsDb.entitlements = [];
    entitlementsDb.customers = new Map();
    entitlementsDb.dspPlans = new Map();
    entitlementsDb.requests = [];
  },
};

/** The body as the server reads it: JSON, a form or multipart; `_method` left out. */
const bodyOf = async (request: Request, { keepOverride = false } = {}): Promise<Fields> => {
  let fields: Fields;
  if (request.headers.get('content-type')?.includes('application/json')) fields = (await request.json()) as Fields;
  else fields = Object.fromEntries([...(await request.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]));
  if (keepOverride) return fields;
  const { _method: _override, ...rest } = fields;
  return rest;
};

/** The server's workflow: leaving ACTIVE closes the open period, entering it opens a new one; each change writes a history row. */
const changed = (item: EntitlementDetail, to: EntitlementStatus, reason: string | null): EntitlementDetail => {
  const periods = item.periods.map((period) => (period.is_open && to !== 'ACTIVE' ? { ...period, is_open: false, state: to, ends_at: changedAt } : period));
  if (to === 'ACTIVE') periods.push({ id: 5000 + next() * 100, state: 'ACTIVE', starts_at: changedAt, ends_at: yearLater(changedAt), is_open: true });
  const row = {
    id: 6000 + next() * 100,
    old_status: item.status,
    new_status: to,
    reason,
    created_at: changedAt,
    changed_by: { id: signedInUser.id, name: signedInUser.name },
  };
  return { ...item, status: to, updated_at: changedAt, periods, status_histories: [row, ...item.status_histories] };
};

const changeStatus = async (request: Request, id: number) => {
  const body = await bodyOf(request);
  entitlementsDb.requests.push({ method: 'status', id, body });
  const index = entitlementsDb.entitlements.findIndex((item) => item.id === id);
  const current = entitlementsDb.entitlements[index];
  if (!current) return fail(404, ENTITLEMENT_NOT_FOUND);
  const input = parseBody(entitlementStatusFields, body);
  if (input instanceof Response) return input;
  const refusal = entitlementTransitionRefusal(current.status, input.status);
  if (refusal) return fail(422, refusal, { status: [refusal] });
  const updated = changed(current, input.status, input.reason ?? null);
  entitlementsDb.entitlements[index] = updated;
  return answer(entitlementDetail, updated, ENTITLEMENT_ANSWERS.statusChanged);
};

/** The entitlements API over `entitlementsDb`, with the server's checks, transition rule and messages. */
export const mock: MockModule = {
  stores: [entitlementsDb],
  handlers: [
  http.get(apiUrl('v1/entitlements/:id'), ({ params }) => {
    const found = entitlementsDb.entitlements.find((item) => item.id === Number(params.id));
    return found ? answer(entitlementDetail, found) : fail(404, ENTITLEMENT_NOT_FOUND);
  }),
  http.post(apiUrl('v1/entitlements'), async ({ request }) => {
    const body = await bodyOf(request);
    entitlementsDb.requests.push({ method: 'create', id: null, body });
    const input = parseBody(entitlementFields, body);
    if (input instanceof Response) return input;
    const { dsp_id: dspId, customer_id: customerId, plan_id: planId } = input;
    const customerDsp = entitlementsDb.customers.get(customerId);
    if (customerDsp === undefined) return fail(404, CUSTOMER_NOT_FOUND);
    if (customerDsp !== dspId) return invalid({ customer_id: [ENTITLEMENT_MESSAGES.customerNotOfDsp] });
    const plan = entitlementsDb.dspPlans.get(dspId)?.find((candidate) => candidate.id === planId);
    if (!plan) return invalid({ plan_id: [ENTITLEMENT_MESSAGES.planNotOfDsp] });
    const taken = entitlementsDb.entitlements.some((item) => item.customer_id === customerId && item.plan_id === planId && item.status !== 'CANCELLED');
    if (taken) return fail(409, ENTITLEMENT_MESSAGES.planTaken, { plan_id: [ENTITLEMENT_MESSAGES.planTaken] });
    const created = entitlementsDb.add({ customer_id: customerId, dsp_id: dspId, plan_id: planId, plan });
    return answer(entitlementDetail, created, ENTITLEMENT_ANSWERS.created, 201);
  }),
  http.patch(apiUrl('v1/entitlements/:id/status'), ({ request, params }) => changeStatus(request, Number(params.id))),
  // A form cannot send PATCH: POST with `_method=PATCH` is the same call; a POST naming no method, or another, is refused.
  http.post(apiUrl('v1/entitlements/:id/status'), async ({ request, params }) => {
    const named = String((await bodyOf(request.clone(), { keepOverride: true }))._method ?? '').trim().toUpperCase();
    if (named && named !== 'PUT' && named !== 'PATCH') return fail(400, 'El valor de _method no es válido.');
    if (named !== 'PATCH') return fail(400, `Esta ruta se actualiza con _method=PATCH${named ? `, no ${named}` : ''}.`);
    return changeStatus(request, Number(params.id));
  }),
],
};
