import {
  API_CLIENT_ANSWERS,
  API_CLIENT_DEFAULT_SORT,
  API_CLIENT_FIELDS,
  API_CLIENT_MESSAGES,
  API_CLIENT_NOT_FOUND,
  API_CLIENT_PAGE_SIZE,
  API_CLIENT_SORTS,
  apiClient as apiClientSchema,
  apiClientFields,
  apiClientUpdateFields,
  apiClientWithSecret,
  type ApiClient,
} from '@contract/api-client';
import type { z } from 'zod';
import { checked } from '../envelope';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule, type Sent } from '../resource';

let sequence = 0;

/** An API client as the API reads it: never with a secret. */
export const buildApiClient = (overrides: Partial<ApiClient> = {}): ApiClient => {
  sequence += 1;
  const stamp = new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString();
  return checked(
    apiClientSchema,
    {
      id: sequence,
      dsp_id: 1,
      name: `Cliente ${sequence}`,
      base_url: `https://cliente${sequence}.example.com`,
      client_id: `cliente-${sequence}`,
      type: 'BACKEND',
      scopes: [],
      ip_whitelist: [],
      rate_limit: null,
      enabled: true,
      created_at: stamp,
      updated_at: stamp, version: 1,
      ...overrides,
    } satisfies ApiClient,
    'El cliente API de prueba',
  );
};

/** What a create or update sent: the form's own pairs, brackets and all (`scopes[0]`, `rate_limit[period]`). */
export type ApiClientRequest = { method: 'create' | 'update'; id: number; fields: Record<string, string> };

/** The API clients the handlers answer with, per DSP; a test seeds it, the setup resets it. */
export const apiClientsDb = {
  clients: [] as ApiClient[],
  requests: [] as ApiClientRequest[],
  /** Every secret the handlers answered, in order: each only once. */
  issuedSecrets: [] as string[],
  /** Set by a test to refuse the next deletion check (and delete) with this reason. */
  deletionRefusal: null as string | null,
  reset() {
    apiClientsDb.clients = [];
    apiClientsDb.requests = [];
    apiClientsDb.issuedSecrets = [];
    apiClientsDb.deletionRefusal = null;
    sequence = 0;
  },
  add(overrides: Partial<ApiClient> = {}) {
    const client = buildApiClient(overrides);
    apiClientsDb.clients.push(client);
    return client;
  },
};

let secretSequence = 0;
const generatedSecret = () => {
  secretSequence += 1;
  return `gen-secret-${secretSequence}-${'x'.repeat(32)}`;
};

const spec: ListSpec<ApiClient> = {
  item: apiClientSchema,
  sorts: API_CLIENT_SORTS,
  defaultSort: API_CLIENT_DEFAULT_SORT,
  pageSize: API_CLIENT_PAGE_SIZE,
  fields: API_CLIENT_FIELDS,
  search: (row) => [row.name, row.client_id],
};

/** The client the contract's body makes of `row`; the secret (generated or sent) is answered once, never stored. */
const written = (row: ApiClient, input: z.output<typeof apiClientUpdateFields>, sent: Sent) => {
  const { rate_limit: limit, client_secret: secretSent, generate_secret: generate, ...rest } = input;
  const rateLimit = limit === undefined ? undefined : limit.max_requests === null ? null : { max_requests: limit.max_requests, period: limit.period ?? 'hour' };
  const secret = generate === true ? generatedSecret() : secretSent;
  if (secret !== undefined) {
    apiClientsDb.issuedSecrets.push(secret);
    sent.answered.client_secret = secret;
  }
  return merged(row, { ...rest, rate_limit: rateLimit });
};

/** The API clients API over `apiClientsDb`, bodies read by the contract's schemas; a client_id is held once. */
export const mock: MockModule = {
  stores: [apiClientsDb],
  handlers: resourceHandlers({
    path: 'v1/clients',
    list: 'v1/dsps/:dspId/clients',
    spec,
    rows: arrayRows(apiClientsDb, 'clients', { param: 'dspId', field: 'dsp_id' }),
    notFound: API_CLIENT_NOT_FOUND,
    log: ({ method, id, fields }) => apiClientsDb.requests.push({ method, id: id!, fields }),
    create: { schema: apiClientFields, message: API_CLIENT_ANSWERS.created, row: (input, sent) => written(buildApiClient({ dsp_id: sent.id }), input, sent) },
    update: { schema: apiClientUpdateFields, message: API_CLIENT_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent) },
    written: { schema: apiClientWithSecret },
    unique: [{ field: 'client_id', message: API_CLIENT_MESSAGES.clientIdTaken }],
    deletion: { refusal: (row) => refusalOf(row, [], apiClientsDb.deletionRefusal), deleted: API_CLIENT_ANSWERS.deleted },
  }),
};
