import {
  CUSTOMER_ANSWERS,
  CUSTOMER_MESSAGES,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_PAGE_SIZE,
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
import { z } from 'zod';
import { answer, apiUrl, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { issuesByField } from './campaign-categories';
import { fold } from '../fold';

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
    updated_at: at,
    entitlements: [],
    ...overrides,
  };
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
    updated_at: at,
    plan: { id: plan.id, name: plan.name },
    periods: [{ id: 7000 + sequence, state: 'ACTIVE', starts_at: at, ends_at: '2026-04-01T10:00:00.000Z', is_open: true }],
    status_histories: [{ id: 9000 + sequence, old_status: null, new_status: 'ACTIVE', reason: null, created_at: at, changed_by: null }],
  };
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


/** What the list answers of a customer: its subscriptions only with `include=entitlements`, their plan only with `entitlements.plan`. */
const shown = (item: Customer, includes: string[]): Customer => {
  const { entitlements = [], ...rest } = item;
  if (!includes.includes('entitlements')) return rest;
  return {
    ...rest,
    entitlements: entitlements.map(({ plan, periods, status_histories, ...entitlement }) => ({
      ...entitlement,
      ...(includes.includes('entitlements.plan') ? { plan } : {}),
      ...(includes.includes('entitlements.periods') ? { periods } : {}),
      ...(includes.includes('entitlements.status_histories') ? { status_histories } : {}),
    })),
  };
};
const ALL_INCLUDES = ['entitlements', 'entitlements.plan', 'entitlements.periods', 'entitlements.status_histories'];

/** DNI and e-mail are unique within a DSP (case and accents ignored). */
const taken = (dspId: number, field: 'dni' | 'email', value: string, exceptId: number | null) =>
  customersDb.customers.some((item) => item.dsp_id === dspId && item.id !== exceptId && fold(item[field]) === fold(value));

const uniqueness = (dspId: number, data: { dni?: string; email?: string }, exceptId: number | null) => {
  if (data.dni !== undefined && taken(dspId, 'dni', data.dni, exceptId)) return fail(409, CUSTOMER_MESSAGES.dniTaken, { dni: [CUSTOMER_MESSAGES.dniTaken] });
  if (data.email !== undefined && taken(dspId, 'email', data.email, exceptId)) return fail(409, CUSTOMER_MESSAGES.emailTaken, { email: [CUSTOMER_MESSAGES.emailTaken] });
  return null;
};

/** 422 on plan_id unless the DSP sells every plan. */
const unsold = (dspId: number, planIds: number[]) => {
  const sold = customersDb.dsps.get(dspId)?.plans ?? [];
  return planIds.every((id) => sold.some((plan) => plan.id === id)) ? null : invalid({ plan_id: [CUSTOMER_MESSAGES.planNotOfDsp] });
};

const planOf = (dspId: number, id: number) => customersDb.dsps.get(dspId)?.plans.find((plan) => plan.id === id) ?? { id, name: `Plan ${id}` };

/** The customers API over `customersDb`, with the server's checks and messages. */
export const customerHandlers = [
  http.get(apiUrl('v1/dsps/:dspId/customer-plans'), ({ params }) => {
    const dsp = customersDb.dsps.get(Number(params.dspId));
    return dsp ? answer(customerDspPlans, dsp) : fail(404, DSP_NOT_FOUND);
  }),
  http.get(apiUrl('v1/dsps/:dspId/customers'), ({ request, params }) => {
    const dspId = Number(params.dspId);
    if (!customersDb.dsps.has(dspId)) return fail(404, DSP_NOT_FOUND);
    const url = new URL(request.url);
    const q = fold(url.searchParams.get('filter[q]') ?? url.searchParams.get('q'));
    const includes = url.searchParams.get('include')?.split(',').filter(Boolean) ?? [];
    const unknown = includes.filter((include) => !ALL_INCLUDES.includes(include));
    if (unknown.length > 0) return fail(400, `Include no permitido: ${unknown.join(', ')}. Permitidos: ${ALL_INCLUDES.join(', ')}.`);
    const items = customersDb.customers
      .filter((item) => item.dsp_id === dspId)
      .filter((item) => !q || [item.name, item.dni, item.email, item.phone].some((value) => fold(value).includes(q)))
      // Newest first: the later added, the newer.
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((item) => shown(item, includes));
    return listAnswer(customerSchema, items, url, CUSTOMER_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/customers/:id'), ({ params }) => {
    const found = customersDb.find(Number(params.id));
    return found ? answer(customerSchema, shown(found, ALL_INCLUDES)) : fail(404, CUSTOMER_NOT_FOUND);
  }),
  http.post(apiUrl('v1/dsps/:dspId/customers'), async ({ request, params }) => {
    const dspId = Number(params.dspId);
    const body = (await request.json()) as Json;
    customersDb.requests.push({ method: 'create', id: dspId, body });
    if (!customersDb.dsps.has(dspId)) return fail(404, DSP_NOT_FOUND);
    const parsed = customerFields.safeParse(body);
    if (!parsed.success) return invalid(issuesByField(parsed.error));
    const data = parsed.data;
    const refusal = unsold(dspId, data.plan_id) ?? uniqueness(dspId, data, null);
    if (refusal) return refusal;
    sequence += 1;
    const created = buildCustomer({
      dsp_id: dspId,
      dni: data.dni,
      name: data.name,
      email: data.email,
      phone: data.phone ?? null,
      meta: { address: data.meta?.address ?? null, city: data.meta?.city ?? null },
      created_at: new Date(Date.parse(at) + sequence * 1000).toISOString(),
    });
    created.entitlements = data.plan_id.map((id) => openEntitlement(created, planOf(dspId, id)));
    created.plan_id = heldPlans(created.entitlements);
    customersDb.customers.push(created);
    return answer(customerSchema, shown(created, ['entitlements', 'entitlements.plan']), CUSTOMER_ANSWERS.created, 201);
  }),
  http.put(apiUrl('v1/customers/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const body = (await request.json()) as Json;
    customersDb.requests.push({ method: 'update', id, body });
    const current = customersDb.find(id);
    if (!current) return fail(404, CUSTOMER_NOT_FOUND);
    const parsed = customerUpdateFields.safeParse(body);
    if (!parsed.success) return invalid(issuesByField(parsed.error));
    const data = parsed.data;
    const held = new Set(current.plan_id);
    const refusal = unsold(current.dsp_id, (data.plan_id ?? []).filter((planId) => !held.has(planId))) ?? uniqueness(current.dsp_id, data, id);
    if (refusal) return refusal;
    Object.assign(current, {
      ...(data.dni !== undefined ? { dni: data.dni } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.email !== undefined ? { email: data.email } : {}),
      ...(data.phone !== undefined ? { phone: data.phone } : {}),
      ...(data.meta !== undefined ? { meta: { ...current.meta, ...data.meta } } : {}),
      updated_at: '2025-04-02T10:00:00.000Z',
    });
    if (data.plan_id) {
      const wanted = data.plan_id;
      // A plan taken off has its subscription cancelled (never deleted); a new plan opens one.
      const kept = (current.entitlements ?? []).map((item) =>
        item.status !== 'CANCELLED' && !wanted.includes(item.plan_id) ? { ...item, status: 'CANCELLED' as const } : item,
      );
      const added = wanted.filter((planId) => !held.has(planId)).map((planId) => openEntitlement(current, planOf(current.dsp_id, planId)));
      customersDb.setEntitlements(id, [...kept, ...added]);
    }
    return answer(customerSchema, shown(current, ['entitlements', 'entitlements.plan']), CUSTOMER_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/customers/:id/deletion'), ({ params }) => {
    if (!customersDb.find(Number(params.id))) return fail(404, CUSTOMER_NOT_FOUND);
    return deletionAnswer(customersDb.deletionRefusal);
  }),
  http.delete(apiUrl('v1/customers/:id'), ({ params }) => {
    const found = customersDb.find(Number(params.id));
    if (!found) return fail(404, CUSTOMER_NOT_FOUND);
    if (customersDb.deletionRefusal) return fail(409, customersDb.deletionRefusal);
    customersDb.customers = customersDb.customers.filter((item) => item !== found);
    return answer(z.null(), null, CUSTOMER_ANSWERS.deleted);
  }),
];
