import {
  API_CLIENT_ANSWERS,
  API_CLIENT_MESSAGES,
  API_CLIENT_NOT_FOUND,
  API_CLIENT_PAGE_SIZE,
  apiClient as apiClientSchema,
  apiClientFields,
  apiClientUpdateFields,
  apiClientWithSecret,
  type ApiClient,
} from '@contract/api-client';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, checked, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { formFields, issuesByField } from './campaign-categories';

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
    },
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

/** PHP-style brackets as the server's body normaliser reads them: `scopes[0]` → a list, `rate_limit[period]` → an object. */
const expandBrackets = (fields: Record<string, string>) => {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^(\w+)\[(\w+)\]$/.exec(key);
    if (!match) {
      body[key] = value;
      continue;
    }
    const [, name = '', part = ''] = match;
    if (/^\d+$/.test(part)) ((body[name] ??= []) as string[])[Number(part)] = value;
    else ((body[name] ??= {}) as Record<string, string>)[part] = value;
  }
  return body;
};

const IP_OR_RANGE = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+:[0-9a-f:]*)(\/\d{1,3})?$/i;

let secretSequence = 0;
const generatedSecret = () => {
  secretSequence += 1;
  return `gen-secret-${secretSequence}-${'x'.repeat(32)}`;
};

/** The server's checks (the contract's fields, each IP an address or range, client_id unique), then the client it would store. */
const merge = (fields: Record<string, string>, dspId: number, current: ApiClient | null) => {
  const parsed = (current ? apiClientUpdateFields : apiClientFields).safeParse(expandBrackets(fields));
  if (!parsed.success) return { response: invalid(issuesByField(parsed.error)) };
  const data = parsed.data;
  const wrong = (data.ip_whitelist ?? []).filter((entry) => !IP_OR_RANGE.test(entry));
  if (wrong.length > 0) return { response: invalid({ ip_whitelist: wrong.map(API_CLIENT_MESSAGES.ipEntry) }) };
  if (data.client_id !== undefined && apiClientsDb.clients.some((other) => other.client_id === data.client_id && other.id !== current?.id)) {
    return { response: fail(409, API_CLIENT_MESSAGES.clientIdTaken, { client_id: [API_CLIENT_MESSAGES.clientIdTaken] }) };
  }
  const base = current ?? buildApiClient({ dsp_id: dspId });
  const client: ApiClient = {
    ...base,
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.base_url !== undefined ? { base_url: data.base_url } : {}),
    ...(data.client_id !== undefined ? { client_id: data.client_id } : {}),
    ...(data.type !== undefined ? { type: data.type } : {}),
    ...(data.enabled !== undefined ? { enabled: data.enabled } : {}),
    ...(data.scopes !== undefined ? { scopes: data.scopes } : {}),
    ...(data.ip_whitelist !== undefined ? { ip_whitelist: data.ip_whitelist } : {}),
    ...(data.rate_limit !== undefined
      ? { rate_limit: data.rate_limit.max_requests === null ? null : { max_requests: data.rate_limit.max_requests, period: data.rate_limit.period ?? 'hour' } }
      : {}),
  };
  const secret = data.generate_secret === true ? generatedSecret() : data.client_secret;
  if (secret !== undefined) apiClientsDb.issuedSecrets.push(secret);
  return { client, secret };
};

/** The API clients API over `apiClientsDb`, with the server's checks and messages; the secret answered once. */
export const apiClientHandlers = [
  http.get(apiUrl('v1/dsps/:dspId/clients'), ({ request, params }) => {
    const dspId = Number(params.dspId);
    const own = apiClientsDb.clients.filter((client) => client.dsp_id === dspId).sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return listAnswer(apiClientSchema, own, new URL(request.url), API_CLIENT_PAGE_SIZE);
  }),
  http.post(apiUrl('v1/dsps/:dspId/clients'), async ({ request, params }) => {
    const fields = await formFields(request);
    const dspId = Number(params.dspId);
    apiClientsDb.requests.push({ method: 'create', id: dspId, fields });
    const result = merge(fields, dspId, null);
    if (result.response) return result.response;
    apiClientsDb.clients.push(result.client);
    return answer(apiClientWithSecret, { ...result.client, client_secret: result.secret }, API_CLIENT_ANSWERS.created, 201);
  }),
  http.get(apiUrl('v1/clients/:id'), ({ params }) => {
    const client = apiClientsDb.clients.find((candidate) => candidate.id === Number(params.id));
    return client ? answer(apiClientSchema, client) : fail(404, API_CLIENT_NOT_FOUND);
  }),
  http.post(apiUrl('v1/clients/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    const id = Number(params.id);
    apiClientsDb.requests.push({ method: 'update', id, fields });
    const index = apiClientsDb.clients.findIndex((candidate) => candidate.id === id);
    const current = apiClientsDb.clients[index];
    if (!current) return fail(404, API_CLIENT_NOT_FOUND);
    const result = merge(fields, current.dsp_id, current);
    if (result.response) return result.response;
    apiClientsDb.clients[index] = result.client;
    return answer(apiClientWithSecret, result.secret === undefined ? result.client : { ...result.client, client_secret: result.secret }, API_CLIENT_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/clients/:id/deletion'), ({ params }) => {
    if (!apiClientsDb.clients.some((client) => client.id === Number(params.id))) return fail(404, API_CLIENT_NOT_FOUND);
    return deletionAnswer(apiClientsDb.deletionRefusal);
  }),
  http.delete(apiUrl('v1/clients/:id'), ({ params }) => {
    if (!apiClientsDb.clients.some((client) => client.id === Number(params.id))) return fail(404, API_CLIENT_NOT_FOUND);
    if (apiClientsDb.deletionRefusal) return fail(409, apiClientsDb.deletionRefusal);
    apiClientsDb.clients = apiClientsDb.clients.filter((client) => client.id !== Number(params.id));
    return answer(z.null(), null, API_CLIENT_ANSWERS.deleted);
  }),
];
