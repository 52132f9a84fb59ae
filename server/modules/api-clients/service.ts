import { RESTORE_GONE } from '@contract/restore';
import { isIP } from 'node:net';
import {
  API_CLIENT_DEFAULT_SORT,
  API_CLIENT_FIELDS,
  API_CLIENT_MESSAGES,
  API_CLIENT_NOT_FOUND,
  API_CLIENT_PAGE_SIZE,
  type API_CLIENT_SORTS,
  API_CLIENT_TYPES,
  type ApiClient,
  type ApiClientWithSecret,
  DEFAULT_RATE_LIMIT_PERIOD,
  DSP_NOT_FOUND,
  apiClient,
  type apiClientFields,
  type apiClientUpdateFields,
} from '@contract/api-client';
import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { defineWrites } from '../../db/record-writes';
import { apiClients, dsps } from '../../db/schema';
import { itemWithoutSecrets, secretAwareTrail, type WithSecrets } from '../../db/secret-history';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { booleanFilter, enumFilter } from '../../http/filter-values';
import { constant, defineItem, isoTime, jsonObject, sameNamed } from '../../http/item-sql';
import { defineList } from '../../http/list';
import { generateToken, hashSecret } from '../../security/secrets';

type CreateInput = z.output<typeof apiClientFields>;
type UpdateInput = z.output<typeof apiClientUpdateFields>;
type ApiClientRow = typeof apiClients.$inferSelect;

/** An IPv4 or IPv6 address, or a CIDR range of one ('10.0.0.0/8', '2001:db8::/32'). */
const isAddressOrRange = (entry: string) => {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

const assertWhitelist = (entries: string[] | undefined) => {
  const wrong = (entries ?? []).filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) throw validationFailed({ ip_whitelist: wrong.map(API_CLIENT_MESSAGES.ipEntry) });
};

/** An API client as every answer shows it: never its secret, nor the secret's hash. */
const apiClientItem = defineItem(apiClient, {
  table: apiClients,
  id: apiClients.id,
  fields: (client) => ({
    ...sameNamed(client, ['id', 'dsp_id', 'name', 'base_url', 'client_id', 'type', 'scopes', 'ip_whitelist']),
    rate_limit: sql`(case when ${client.rateLimitMax} is null then null
      else ${jsonObject({ max_requests: client.rateLimitMax, period: sql`coalesce(${client.rateLimitPeriod}::text, ${constant(DEFAULT_RATE_LIMIT_PERIOD)})` })} end)`,
    enabled: client.enabled,
    created_at: isoTime(client.createdAt),
    updated_at: isoTime(client.updatedAt),
    version: client.version,
  }),
});

const history = secretAwareTrail({
  resource: 'api-client',
  id: (item: ApiClient) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    dsp_id: item.dsp_id,
    name: item.name,
    base_url: item.base_url,
    client_id: item.client_id,
    type: item.type,
    scopes: item.scopes,
    ip_whitelist: item.ip_whitelist,
    rate_limit: item.rate_limit ? `${item.rate_limit.max_requests} / ${item.rate_limit.period}` : null,
    enabled: item.enabled,
  }),
});

export function createApiClientService({ db }: { db: Db }) {
  const list = defineList({
    db,
    shown: apiClientItem,
    filters: {
      q: {
        description: 'Busca en nombre, client_id y URL base, sin distinguir mayúsculas ni tildes.',
        where: (value) => or(containsText(apiClients.name, value), containsText(apiClients.clientId, value), containsText(apiClients.baseUrl, value)),
      },
      type: { description: `Uno o varios tipos separados por comas: ${API_CLIENT_TYPES.join(', ')}.`, where: (value) => anyOf(apiClients.type, enumFilter('type', value, API_CLIENT_TYPES)) },
      enabled: { description: 'Activos (1/true) o inactivos (0/false).', where: (value) => eq(apiClients.enabled, booleanFilter('enabled', value)) },
    },
    sorts: {
      id: apiClients.id,
      name: sortableText(apiClients.name),
      client_id: apiClients.clientId,
      type: apiClients.type,
      created_at: apiClients.createdAt,
    } satisfies Record<(typeof API_CLIENT_SORTS)[number], unknown>,
    defaultSort: API_CLIENT_DEFAULT_SORT,
    defaultLimit: API_CLIENT_PAGE_SIZE,
    fields: API_CLIENT_FIELDS,
  });

  const find = async (id: number) => {
    const [row] = await db.select({ id: apiClients.id }).from(apiClients).where(eq(apiClients.id, id));
    if (!row) throw notFound(API_CLIENT_NOT_FOUND);
    return row;
  };

  /** The secret's hash only tells the history that it changed; it is never recorded. */
  const historyView = async (row: ApiClientRow, tx: Tx): Promise<WithSecrets<ApiClient>> => ({
    item: await list.presentHeld<ApiClient>(row.id, [], tx),
    secrets: { client_secret: row.clientSecretHash },
  });

  const assertDsp = async (dspId: number) => {
    const [found] = await db.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, dspId));
    if (!found) throw notFound(DSP_NOT_FOUND);
  };

  const writes = defineWrites({
    db,
    table: apiClients,
    id: apiClients.id,
    notFound: API_CLIENT_NOT_FOUND,
    restoreNeeds: [{ constraint: 'api_clients_dsp_id_dsps_id_fk', field: 'dsp_id', message: RESTORE_GONE.apiClientDsp }],
    // Its secret was only ever kept as a hash: a restored client gets a new one, shown once like at creation.
    onRestore: () => {
      const secret = generateToken();
      return { set: { client_secret_hash: hashSecret(secret) }, answer: { client_secret: secret } };
    },
    present: historyView,
    history,
    // A write answers the client as its history reads it (the route adds a secret it set).
    answer: itemWithoutSecrets,
    unique: [{ field: 'client_id', index: 'api_clients_client_id_unique', message: API_CLIENT_MESSAGES.clientIdTaken }],
  });

  /** The secret this write sets: a typed one, a generated one, or none (keep the stored one). */
  const newSecret = (input: UpdateInput) => (input.generate_secret === true ? generateToken() : input.client_secret);

  const columnsOf = (input: UpdateInput) => ({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.base_url !== undefined ? { baseUrl: input.base_url } : {}),
    ...(input.client_id !== undefined ? { clientId: input.client_id } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.scopes !== undefined ? { scopes: input.scopes } : {}),
    ...(input.ip_whitelist !== undefined ? { ipWhitelist: input.ip_whitelist } : {}),
    ...(input.rate_limit !== undefined ? { rateLimitMax: input.rate_limit.max_requests, rateLimitPeriod: input.rate_limit.period } : {}),
  });

  return {
    list,
    find,
    assertDsp,

    /** The condition that narrows the list to one DSP's clients. */
    ofDsp: (dspId: number) => eq(apiClients.dspId, dspId),

    /** Creates the client; the answer carries its secret, the only time it is ever shown. */
    async create(dspId: number, input: CreateInput, actor: Actor): Promise<ApiClientWithSecret> {
      await assertDsp(dspId);
      assertWhitelist(input.ip_whitelist);
      const secret = newSecret(input) as string;
      try {
        const created = await writes.create(
          { dspId, type: 'BACKEND', ...columnsOf(input), name: input.name, clientId: input.client_id, clientSecretHash: hashSecret(secret) },
          {},
          actor,
        );
        return { ...created, client_secret: secret };
      } catch (error) {
        if (foreignKeyViolation(error) === 'api_clients_dsp_id_dsps_id_fk') throw notFound(DSP_NOT_FOUND);
        throw error;
      }
    },

    /** Changes the client; a secret this update set or generated is answered once, else none is. */
    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<ApiClientWithSecret> {
      const secret = newSecret(input);
      // Judged once the row is locked: a missing client answers 404 before a wrong address does.
      const changes = () => {
        assertWhitelist(input.ip_whitelist);
        return { ...columnsOf(input), ...(secret !== undefined ? { clientSecretHash: hashSecret(secret) } : {}) };
      };
      const after = await writes.update(id, changes, {}, actor, { version });
      return secret === undefined ? after : { ...after, client_secret: secret };
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}
