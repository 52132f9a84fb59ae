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
import { http } from 'msw';
import { formBody, formFields, parseBody } from '../body';
import { answer, apiUrl, checked, fail } from '../envelope';
import { deletionHandlers, detailHandler, listHandler, merged, refusalOf, taken, type ListSpec } from '../resource';

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
      updated_at: stamp,
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

const find = (id: number) => apiClientsDb.clients.find((row) => row.id === id);

/** The client the contract's body makes of `row`, and the secret answered once (generated or sent). */
const written = (row: ApiClient, input: ReturnType<typeof apiClientUpdateFields.parse>) => {
  const { rate_limit: limit, client_secret: sent, generate_secret: generate, ...rest } = input;
  const rateLimit = limit === undefined ? undefined : limit.max_requests === null ? null : { max_requests: limit.max_requests, period: limit.period ?? 'hour' };
  const secret = generate === true ? generatedSecret() : sent;
  if (secret !== undefined) apiClientsDb.issuedSecrets.push(secret);
  return { client: merged(row, { ...rest, rate_limit: rateLimit }), secret };
};

const clientIdTaken = (row: ApiClient) => taken(apiClientsDb.clients, 'client_id', row.client_id, API_CLIENT_MESSAGES.clientIdTaken, row.id);

/** The API clients API over `apiClientsDb`, bodies read by the contract's schemas; the secret answered once. */
export const apiClientHandlers = [
  listHandler('v1/dsps/:dspId/clients', spec, (params) => apiClientsDb.clients.filter((row) => row.dsp_id === Number(params.dspId))),
  detailHandler('v1/clients', spec, find, API_CLIENT_NOT_FOUND),
  http.post(apiUrl('v1/dsps/:dspId/clients'), async ({ request, params }) => {
    const fields = await formFields(request);
    const dspId = Number(params.dspId);
    apiClientsDb.requests.push({ method: 'create', id: dspId, fields });
    const input = parseBody(apiClientFields, formBody(fields));
    if (input instanceof Response) return input;
    const { client, secret } = written(buildApiClient({ dsp_id: dspId }), input);
    const refused = clientIdTaken(client);
    if (refused) return refused;
    apiClientsDb.clients.push(client);
    return answer(apiClientWithSecret, { ...client, client_secret: secret }, API_CLIENT_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/clients/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    const id = Number(params.id);
    apiClientsDb.requests.push({ method: 'update', id, fields });
    const index = apiClientsDb.clients.findIndex((row) => row.id === id);
    if (index < 0) return fail(404, API_CLIENT_NOT_FOUND);
    const input = parseBody(apiClientUpdateFields, formBody(fields));
    if (input instanceof Response) return input;
    const { client, secret } = written(apiClientsDb.clients[index]!, input);
    const refused = clientIdTaken(client);
    if (refused) return refused;
    apiClientsDb.clients[index] = client;
    return answer(apiClientWithSecret, secret === undefined ? client : { ...client, client_secret: secret }, API_CLIENT_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/clients',
    find,
    remove: (row) => (apiClientsDb.clients = apiClientsDb.clients.filter((other) => other !== row)),
    refusal: (row) => refusalOf(row, [], apiClientsDb.deletionRefusal),
    notFound: API_CLIENT_NOT_FOUND,
    deleted: API_CLIENT_ANSWERS.deleted,
  }),
];
