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
import { DEFAULT_LIST_LIMIT } from '@contract/list.constants';
import { http } from 'msw';
import { jsonOrFormBody, parseBody } from '../body';
import { answer, apiUrl, fail, invalid, staleVersionAnswer } from '../envelope';
import { arrayRows, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { signedInUser } from './auth';

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
    updated_at: at, version: 1,
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
  return { ...item, status: to, updated_at: changedAt, version: 1, periods, status_histories: [row, ...item.status_histories] };
};

const rows = arrayRows(entitlementsDb, 'entitlements');

const changeStatus = async (request: Request, id: number) => {
  const body = await jsonOrFormBody(request);
  entitlementsDb.requests.push({ method: 'status', id, body });
  const current = rows.find(id);
  if (!current) return fail(404, ENTITLEMENT_NOT_FOUND);
  // As the server: a stale version is refused before the transition is even looked at.
  const stale = staleVersionAnswer(request, body, current);
  if (stale) return stale;
  const input = parseBody(entitlementStatusFields, body);
  if (input instanceof Response) return input;
  const refusal = entitlementTransitionRefusal(current.status, input.status);
  if (refusal) return fail(422, refusal, { status: [refusal] });
  const updated = { ...changed(current, input.status, input.reason ?? null), version: current.version + 1 };
  rows.replace(updated);
  return answer(entitlementDetail, updated, ENTITLEMENT_ANSWERS.statusChanged);
};

const spec: ListSpec<EntitlementDetail> = { item: entitlementDetail, sorts: [], defaultSort: 'id', pageSize: DEFAULT_LIST_LIMIT };

/** The entitlements API over `entitlementsDb`: a plan held once per customer, the contract's transition rule and messages. */
export const mock: MockModule = {
  stores: [entitlementsDb],
  handlers: [
    ...resourceHandlers({
      path: 'v1/entitlements',
      list: false,
      spec,
      rows,
      notFound: ENTITLEMENT_NOT_FOUND,
      log: ({ body }) => entitlementsDb.requests.push({ method: 'create', id: null, body }),
      create: {
        schema: entitlementFields,
        message: ENTITLEMENT_ANSWERS.created,
        row: ({ dsp_id: dspId, customer_id: customerId, plan_id: planId }) => {
          if (entitlementsDb.customers.get(customerId) !== dspId) return invalid({ customer_id: [ENTITLEMENT_MESSAGES.customerNotOfDsp] });
          const plan = entitlementsDb.dspPlans.get(dspId)?.find((candidate) => candidate.id === planId);
          return buildEntitlement({ customer_id: customerId, dsp_id: dspId, plan_id: planId, ...(plan ? { plan } : {}) });
        },
      },
      unique: [{ field: 'plan_id', message: ENTITLEMENT_MESSAGES.planTaken, scope: (row, other) => other.customer_id === row.customer_id && other.status !== 'CANCELLED' }],
    }),
    http.patch(apiUrl('v1/entitlements/:id/status'), ({ request, params }) => changeStatus(request, Number(params.id))),
    // A form cannot send PATCH: POST with `_method=PATCH` is the same call; a POST naming another method or none is a 400.
    http.post(apiUrl('v1/entitlements/:id/status'), async ({ request, params }) => {
      const { _method: named } = Object.fromEntries(await request.clone().formData());
      if (String(named ?? '').toUpperCase() !== 'PATCH') return fail(400, 'Esta ruta se actualiza con _method=PATCH.');
      return changeStatus(request, Number(params.id));
    }),
  ],
};
