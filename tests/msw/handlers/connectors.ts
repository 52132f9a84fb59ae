import {
  CONNECTOR_ANSWERS,
  CONNECTOR_MESSAGES,
  CONNECTOR_NOT_FOUND,
  CONNECTOR_PAGE_SIZE,
  CREDENTIAL_MASK,
  DSP_NOT_FOUND,
  connector as connectorSchema,
  connectorFields,
  connectorUpdateFields,
  type Connector,
  type ConnectorPlan,
  type PlanMapping,
} from '@contract/connector';
import { isCredentialKey } from '@contract/connector.constants';
import type { DspPlanRef } from '@contract/dsp';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { issuesByField } from './campaign-categories';

type Json = Record<string, unknown>;

/** What a connector handler was sent: the JSON body, `_method` left out. */
export type ConnectorRequest = { method: 'create' | 'update'; id: number; body: Json };

let sequence = 0;
const at = '2025-03-01T10:00:00.000Z';

/** A connector as the server stores it (credentials in clear: answers mask them). */
export const buildConnector = (overrides: Partial<Connector> = {}): Connector => {
  sequence += 1;
  return {
    id: 800 + sequence,
    dsp_id: 1,
    key: `conector-${sequence}`,
    driver: 'api',
    type: 'BOOKING',
    enabled: true,
    settings: { endpoint: 'https://reservas.example.com/v1', method: 'POST' },
    params: {},
    varification_policy: null,
    created_at: at,
    updated_at: at,
    plans: [],
    ...overrides,
  };
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const hidden = (value: unknown) => value !== null && value !== '';

/** Every credential value masked, at any depth, as every answer shows it. */
const mask = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(mask);
  if (!isObject(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, isCredentialKey(key) ? (hidden(value) ? CREDENTIAL_MASK : value) : mask(value)]));
};

/** A credential sent as the mask keeps the stored value; any other replaces it. */
const unmask = (node: unknown, stored: unknown): unknown => {
  if (Array.isArray(node)) return node.map((item, index) => unmask(item, Array.isArray(stored) ? stored[index] : undefined));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      const before = isObject(stored) ? stored[key] : undefined;
      return [key, isCredentialKey(key) && value === CREDENTIAL_MASK ? before : unmask(value, before)];
    }),
  );
};

const present = (item: Connector): Connector => ({ ...item, settings: mask(item.settings) as Json, params: mask(item.params) as Json });

/** The connectors, the plans each DSP sells (what a mapping may name), and every write sent. */
export const connectorsDb = {
  connectors: [] as Connector[],
  dspPlans: new Map<number, DspPlanRef[]>(),
  requests: [] as ConnectorRequest[],
  /** Set by a test to refuse the next deletion check (and the delete) with this reason. */
  deletionRefusal: null as string | null,
  /** Makes a DSP known with the plans it sells. */
  sell(dspId: number, plans: DspPlanRef[]) {
    connectorsDb.dspPlans.set(dspId, plans);
  },
  /** Stores a connector; its mapped plans' names come from what its DSP sells. */
  add(overrides: Partial<Connector> = {}) {
    const item = buildConnector(overrides);
    if (!connectorsDb.dspPlans.has(item.dsp_id)) connectorsDb.dspPlans.set(item.dsp_id, []);
    connectorsDb.connectors.push(item);
    return item;
  },
  /** What a read shows of a stored connector (credentials masked). */
  shown: (item: Connector) => present(item),
  reset() {
    connectorsDb.connectors = [];
    connectorsDb.dspPlans = new Map();
    connectorsDb.requests = [];
    connectorsDb.deletionRefusal = null;
  },
};

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es');

/** The server's checks on the plan map: each plan once, each a plan the DSP sells; names as stored. */
const mappingsOf = (dspId: number, mappings: PlanMapping[]): { errors?: Record<string, string[]>; plans?: ConnectorPlan[] } => {
  const ids = mappings.map((mapping) => mapping.plan_id);
  if (new Set(ids).size !== ids.length) return { errors: { plans: [CONNECTOR_MESSAGES.planTwice] } };
  const sold = connectorsDb.dspPlans.get(dspId) ?? [];
  const plans: ConnectorPlan[] = [];
  for (const mapping of mappings) {
    const plan = sold.find((candidate) => candidate.id === mapping.plan_id);
    if (!plan) return { errors: { plans: [CONNECTOR_MESSAGES.planNotOfDsp] } };
    plans.push({ plan_id: plan.id, name: plan.name, external_plan_id: mapping.external_plan_id });
  }
  return { plans: plans.sort(byName) };
};

const keyTaken = (dspId: number, key: string, exceptId: number | null) =>
  connectorsDb.connectors.some(
    (item) => item.dsp_id === dspId && item.id !== exceptId && item.key.trim().toLocaleLowerCase('es') === key.trim().toLocaleLowerCase('es'),
  );

const bodyOf = async (request: Request) => {
  const { _method: _ignored, ...body } = (await request.json()) as Json;
  return body;
};

/** The connectors API over `connectorsDb`, with the server's checks, messages and masking. */
export const connectorHandlers = [
  http.get(apiUrl('v1/dsps/:dspId/connectors'), ({ request, params }) => {
    const dspId = Number(params.dspId);
    if (!connectorsDb.dspPlans.has(dspId)) return fail(404, DSP_NOT_FOUND);
    const url = new URL(request.url);
    const withPlans = url.searchParams.get('include')?.split(',').includes('plans');
    const items = connectorsDb.connectors
      .filter((item) => item.dsp_id === dspId)
      .sort((a, b) => a.key.localeCompare(b.key, 'es'))
      .map((item) => {
        const { plans, ...rest } = present(item);
        return withPlans ? { ...rest, plans } : rest;
      });
    return listAnswer(connectorSchema, items, url, CONNECTOR_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/connectors/:id'), ({ params }) => {
    const found = connectorsDb.connectors.find((item) => item.id === Number(params.id));
    return found ? answer(connectorSchema, present(found)) : fail(404, CONNECTOR_NOT_FOUND);
  }),
  http.post(apiUrl('v1/dsps/:dspId/connectors'), async ({ request, params }) => {
    const dspId = Number(params.dspId);
    const body = await bodyOf(request);
    connectorsDb.requests.push({ method: 'create', id: dspId, body });
    if (!connectorsDb.dspPlans.has(dspId)) return fail(404, DSP_NOT_FOUND);
    const parsed = connectorFields.safeParse(body);
    if (!parsed.success) return invalid(issuesByField(parsed.error));
    const data = parsed.data;
    if (data.driver === 'database' && data.params === undefined) return invalid({ params: [CONNECTOR_MESSAGES.paramsRequired] });
    const mapped = mappingsOf(dspId, data.plans);
    if (mapped.errors) return invalid(mapped.errors);
    if (keyTaken(dspId, data.key, null)) return fail(409, CONNECTOR_MESSAGES.keyTaken, { key: [CONNECTOR_MESSAGES.keyTaken] });
    const created = buildConnector({
      dsp_id: dspId,
      key: data.key,
      driver: data.driver,
      type: data.type,
      enabled: data.enabled ?? true,
      settings: data.settings,
      params: data.params ?? {},
      varification_policy: data.varification_policy ?? null,
      plans: mapped.plans,
    });
    connectorsDb.connectors.push(created);
    return answer(connectorSchema, present(created), CONNECTOR_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/connectors/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const body = await bodyOf(request);
    connectorsDb.requests.push({ method: 'update', id, body });
    const index = connectorsDb.connectors.findIndex((item) => item.id === id);
    const current = connectorsDb.connectors[index];
    if (!current) return fail(404, CONNECTOR_NOT_FOUND);
    const parsed = connectorUpdateFields.safeParse(body);
    if (!parsed.success) return invalid(issuesByField(parsed.error));
    const data = parsed.data;
    const mapped = data.plans ? mappingsOf(current.dsp_id, data.plans) : { plans: current.plans };
    if (mapped.errors) return invalid(mapped.errors);
    if (data.key !== undefined && keyTaken(current.dsp_id, data.key, id)) return fail(409, CONNECTOR_MESSAGES.keyTaken, { key: [CONNECTOR_MESSAGES.keyTaken] });
    const updated: Connector = {
      ...current,
      ...(data.key !== undefined ? { key: data.key } : {}),
      ...(data.driver !== undefined ? { driver: data.driver } : {}),
      ...(data.type !== undefined ? { type: data.type } : {}),
      ...(data.enabled !== undefined ? { enabled: data.enabled } : {}),
      ...(data.settings !== undefined ? { settings: unmask(data.settings, current.settings) as Json } : {}),
      ...(data.params !== undefined ? { params: unmask(data.params, current.params) as Json } : {}),
      ...(data.varification_policy !== undefined ? { varification_policy: data.varification_policy } : {}),
      plans: mapped.plans,
      updated_at: '2025-03-02T10:00:00.000Z',
    };
    connectorsDb.connectors[index] = updated;
    return answer(connectorSchema, present(updated), CONNECTOR_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/connectors/:id/deletion'), ({ params }) => {
    if (!connectorsDb.connectors.some((item) => item.id === Number(params.id))) return fail(404, CONNECTOR_NOT_FOUND);
    return deletionAnswer(connectorsDb.deletionRefusal);
  }),
  http.delete(apiUrl('v1/connectors/:id'), ({ params }) => {
    const found = connectorsDb.connectors.find((item) => item.id === Number(params.id));
    if (!found) return fail(404, CONNECTOR_NOT_FOUND);
    if (connectorsDb.deletionRefusal) return fail(409, connectorsDb.deletionRefusal);
    connectorsDb.connectors = connectorsDb.connectors.filter((item) => item !== found);
    return answer(z.null(), null, CONNECTOR_ANSWERS.deleted);
  }),
];
