import {
  CUSTOMER_ANSWERS,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_FIELDS,
  CUSTOMER_INCLUDES,
  CUSTOMER_MESSAGES,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORTS,
  customer as customerSchema,
  customerDspPlans,
  customerFields,
  customerUpdateFields,
  type Customer,
  type CustomerDspPlans,
} from '@contract/customer';
import { DSP_NOT_FOUND } from '@contract/dsp.constants';
import type { Entitlement } from '@contract/entitlement';
import { http } from 'msw';
import { answer, apiUrl, fail } from '../envelope';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';

type Json = Record<string, unknown>;

/** What a customer handler was sent: the JSON body. */
export type CustomerRequest = { method: 'create' | 'update'; id: number; body: Json };

let sequence = 0;
const at = '2025-04-01T10:00:00.000Z';

/** A customer as the server stores it (never a password), of DSP 1 unless told. */
export const buildCustomer = (overrides: Partial<Customer> = {}): Customer => {
  sequence += 1;
  return {
    id: 900 + sequence,
    dsp_id: 1,
    dni: `1000${sequence}`,
    name: `Cliente ${sequence}`,
    email: `cliente.${sequence}@correo.test`,
    phone: null,
    meta: { address: null, city: null },
    plan_id: [],
    created_at: at,
    updated_at: at, version: 1,
    entitlements: [],
    ...overrides,
  } satisfies Customer;
};

/** A new ACTIVE subscription of `plan`, as the server opens one. */
const openEntitlement = (customer: Customer, plan: { id: number; name: string }): Entitlement => {
  sequence += 1;
  return {
    id: 5000 + sequence,
    customer_id: customer.id,
    dsp_id: customer.dsp_id,
    plan_id: plan.id,
    status: 'ACTIVE',
    payment_method: null,
    created_at: at,
    updated_at: at, version: 1,
    plan: { id: plan.id, name: plan.name },
    periods: [{ id: 7000 + sequence, state: 'ACTIVE', starts_at: at, ends_at: '2026-04-01T10:00:00.000Z', is_open: true }],
    status_histories: [{ id: 9000 + sequence, old_status: null, new_status: 'ACTIVE', reason: null, created_at: at, changed_by: null }],
  } satisfies Entitlement;
};

/** The plans a customer holds: their subscriptions that are not cancelled. */
const heldPlans = (entitlements: readonly Entitlement[]) => [...new Set(entitlements.filter((item) => item.status !== 'CANCELLED').map((item) => item.plan_id))];

/**
 * The DSPs (name and the plans each sells), their customers with their subscriptions, and every
 * write sent. The subscriptions' handlers read and change a customer's subscriptions through
 * `entitlementsOf` and `setEntitlements`.
 */
export const customersDb = {
  dsps: new Map<number, CustomerDspPlans>(),
  customers: [] as Customer[],
  requests: [] as CustomerRequest[],
  /** Set by a test to refuse the next deletion check (and the delete) with this reason. */
  deletionRefusal: null as string | null,
  /** Makes a DSP known, with the plans it sells; a DSP not added answers 404 as one the person may not see. */
  addDsp(id: number, name: string, plans: { id: number; name: string; price?: number | null }[] = []) {
    const dsp = { id, name, plans: plans.map((plan) => ({ id: plan.id, name: plan.name, price: plan.price ?? null })) };
    customersDb.dsps.set(id, dsp);
    return dsp;
  },
  /** Stores a customer holding `plans` (each an ACTIVE subscription; names from their DSP's plans). */
  add(overrides: Partial<Customer> = {}, planIds: number[] = []) {
    const item = buildCustomer(overrides);
    const sold = customersDb.dsps.get(item.dsp_id)?.plans ?? [];
    item.entitlements = planIds.map((id) => openEntitlement(item, sold.find((plan) => plan.id === id) ?? { id, name: `Plan ${id}` }));
    item.plan_id = heldPlans(item.entitlements);
    customersDb.customers.push(item);
    return item;
  },
  find: (id: number) => customersDb.customers.find((item) => item.id === id),
  entitlementsOf: (customerId: number): Entitlement[] => customersDb.find(customerId)?.entitlements ?? [],
  /** Replaces a customer's subscriptions; the plans they hold follow. */
  setEntitlements(customerId: number, entitlements: Entitlement[]) {
    const found = customersDb.find(customerId);
    if (!found) return;
    found.entitlements = entitlements;
    found.plan_id = heldPlans(entitlements);
  },
  reset() {
    customersDb.dsps = new Map();
    customersDb.customers = [];
    customersDb.requests = [];
    customersDb.deletionRefusal = null;
  },
};


const spec: ListSpec<Customer> = {
  item: customerSchema,
  sorts: CUSTOMER_SORTS,
  defaultSort: CUSTOMER_DEFAULT_SORT,
  pageSize: CUSTOMER_PAGE_SIZE,
  fields: CUSTOMER_FIELDS,
  includes: CUSTOMER_INCLUDES,
  search: (row) => [row.name, row.dni, row.email, row.phone],
};

const planOf = (dspId: number, id: number) => customersDb.dsps.get(dspId)?.plans.find((plan) => plan.id === id) ?? { id, name: `Plan ${id}` };

/** A customer holding `planIds`: a plan taken off has its subscription cancelled (never deleted), a new plan opens one. */
const holding = (customer: Customer, planIds: readonly number[]): Customer => {
  const held = new Set(customer.plan_id);
  const kept = (customer.entitlements ?? []).map((item) => (item.status !== 'CANCELLED' && !planIds.includes(item.plan_id) ? { ...item, status: 'CANCELLED' as const } : item));
  const added = planIds.filter((planId) => !held.has(planId)).map((planId) => openEntitlement(customer, planOf(customer.dsp_id, planId)));
  const entitlements = [...kept, ...added];
  return { ...customer, entitlements, plan_id: heldPlans(entitlements) };
};

/** The customers API over `customersDb`, bodies read by the contract's schemas; a DNI is held once per DSP. */
export const mock: MockModule = {
  stores: [customersDb],
  handlers: [
    http.get(apiUrl('v1/dsps/:dspId/customer-plans'), ({ params }) => {
      const dsp = customersDb.dsps.get(Number(params.dspId));
      return dsp ? answer(customerDspPlans, dsp) : fail(404, DSP_NOT_FOUND);
    }),
    ...resourceHandlers({
      path: 'v1/customers',
      list: 'v1/dsps/:dspId/customers',
      spec,
      rows: arrayRows(customersDb, 'customers', { param: 'dspId', field: 'dsp_id', exists: (id) => customersDb.dsps.has(id), notFound: DSP_NOT_FOUND }),
      notFound: CUSTOMER_NOT_FOUND,
      log: ({ method, id, body }) => customersDb.requests.push({ method, id: id!, body }),
      create: {
        schema: customerFields,
        message: CUSTOMER_ANSWERS.created,
        row: ({ plan_id: planIds, meta, ...rest }, sent) => {
          sequence += 1;
          const created = merged(buildCustomer({ dsp_id: sent.id, created_at: new Date(Date.parse(at) + sequence * 1000).toISOString() }), {
            ...rest,
            meta: { address: meta?.address ?? null, city: meta?.city ?? null },
          });
          return holding(created, planIds);
        },
      },
      update: {
        schema: customerUpdateFields,
        verb: 'put',
        message: CUSTOMER_ANSWERS.updated,
        row: (current, { plan_id: planIds, meta, ...rest }) => {
          const next = merged(current, { ...rest, meta: meta && { ...current.meta, ...meta }, updated_at: '2025-04-02T10:00:00.000Z', version: 1 });
          return planIds ? holding(next, planIds) : next;
        },
      },
      written: { includes: ['entitlements', 'entitlements.plan'] },
      unique: [{ field: 'dni', message: CUSTOMER_MESSAGES.dniTaken, scope: (row, other) => other.dsp_id === row.dsp_id }],
      deletion: { refusal: (row) => refusalOf(row, [], customersDb.deletionRefusal), deleted: CUSTOMER_ANSWERS.deleted },
    }),
  ],
};
