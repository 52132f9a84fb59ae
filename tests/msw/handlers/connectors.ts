import {
  CONNECTOR_ANSWERS,
  CONNECTOR_DEFAULT_SORT,
  CONNECTOR_FIELDS,
  CONNECTOR_INCLUDES,
  CONNECTOR_MESSAGES,
  CONNECTOR_NOT_FOUND,
  CONNECTOR_PAGE_SIZE,
  CONNECTOR_SORTS,
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
import { invalid } from '../envelope';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';

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
    updated_at: at, version: 1,
    plans: [],
    ...overrides,
  } satisfies Connector;
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

const spec: ListSpec<Connector> = {
  item: connectorSchema,
  sorts: CONNECTOR_SORTS,
  defaultSort: CONNECTOR_DEFAULT_SORT,
  pageSize: CONNECTOR_PAGE_SIZE,
  fields: CONNECTOR_FIELDS,
  includes: CONNECTOR_INCLUDES,
  search: (row) => [row.key],
  sortBy: { name: (row) => row.key },
};

/** Each mapped plan as stored, named as its DSP sells it; a plan the DSP does not sell is a 422. */
const mapped = (dspId: number, mappings: PlanMapping[]): ConnectorPlan[] | Response => {
  const sold = connectorsDb.dspPlans.get(dspId) ?? [];
  const plans: ConnectorPlan[] = [];
  for (const mapping of mappings) {
    const plan = sold.find((candidate) => candidate.id === mapping.plan_id);
    if (!plan) return invalid({ plans: [CONNECTOR_MESSAGES.planNotOfDsp] });
    plans.push({ plan_id: plan.id, name: plan.name, external_plan_id: mapping.external_plan_id });
  }
  return plans;
};

type ConnectorInput = ReturnType<typeof connectorUpdateFields.parse>;

/** The stored connector after a write the contract accepted: a credential sent masked keeps its value. */
const written = (row: Connector, input: ConnectorInput, plans: ConnectorPlan[] | undefined): Connector =>
  merged(row, {
    ...input,
    settings: input.settings && (unmask(input.settings, row.settings) as Json),
    params: input.params && (unmask(input.params, row.params) as Json),
    plans,
  });

/** The stored connector after a write the contract accepted, or the 422 for a plan its DSP does not sell. */
const stored = (row: Connector, input: ConnectorInput) => {
  const plans = input.plans && mapped(row.dsp_id, input.plans);
  return plans instanceof Response ? plans : written(row, input, plans);
};

/** The connectors API over `connectorsDb`, bodies read by the contract's schemas, credentials masked. */
export const mock: MockModule = {
  stores: [connectorsDb],
  handlers: resourceHandlers({
    path: 'v1/connectors',
    list: 'v1/dsps/:dspId/connectors',
    spec,
    rows: arrayRows(connectorsDb, 'connectors', { param: 'dspId', field: 'dsp_id', exists: (id) => connectorsDb.dspPlans.has(id), notFound: DSP_NOT_FOUND }),
    notFound: CONNECTOR_NOT_FOUND,
    shown: present,
    log: ({ method, id, body }) => connectorsDb.requests.push({ method, id: id!, body }),
    create: { schema: connectorFields, message: CONNECTOR_ANSWERS.created, row: (input, sent) => stored(buildConnector({ dsp_id: sent.id, params: {}, varification_policy: null }), input) },
    update: { schema: connectorUpdateFields, message: CONNECTOR_ANSWERS.updated, row: (current, input) => stored({ ...current, updated_at: '2025-03-02T10:00:00.000Z', version: 1 }, input) },
    unique: [{ field: 'key', message: CONNECTOR_MESSAGES.keyTaken, scope: (row, other) => other.dsp_id === row.dsp_id }],
    deletion: { refusal: (row) => refusalOf(row, [], connectorsDb.deletionRefusal), deleted: CONNECTOR_ANSWERS.deleted },
  }),
};
