import {
  CONNECTOR_DEFAULT_SORT,
  CONNECTOR_FIELDS,
  CONNECTOR_INCLUDES,
  CONNECTOR_MESSAGES,
  CONNECTOR_NOT_FOUND,
  CONNECTOR_PAGE_SIZE,
  type CONNECTOR_SORTS,
  CONNECTOR_TYPES,
  type Connector,
  type ConnectorPlan,
  DSP_NOT_FOUND,
  type PlanMapping,
  connector,
  type connectorFields,
} from '@contract/connector';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { foreignKeyViolation } from '../../db/errors';
import type { Db, Tx } from '../../db/client';
import { appendTo } from '../../db/group-rows';
import { defineWrites } from '../../db/record-writes';
import { connectorPlans, connectors, dspPlans, dsps, plans } from '../../db/schema';
import { secretAwareTrail, type WithSecrets } from '../../db/secret-history';
import { containsText, foldedName, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { booleanFilter, enumFilter } from '../../http/filter-values';
import { defineList, type IncludeLoader } from '../../http/list';
import type { CredentialBox } from '../../security/credentials';

type CreateInput = z.output<typeof connectorFields>;
type UpdateInput = Partial<CreateInput>;
export type ConnectorRow = typeof connectors.$inferSelect;
type JsonObject = Record<string, unknown>;

/** The plan map of some connectors, each ordered by plan name; `conn` may be a write's transaction. */
async function plansOf(conn: Db | Tx, connectorIds: number[]): Promise<Map<number, ConnectorPlan[]>> {
  const byConnector = new Map<number, ConnectorPlan[]>();
  if (connectorIds.length === 0) return byConnector;
  const rows = await conn
    .select({ connectorId: connectorPlans.connectorId, plan_id: plans.id, name: plans.name, external_plan_id: connectorPlans.externalPlanId })
    .from(connectorPlans)
    .innerJoin(plans, eq(plans.id, connectorPlans.planId))
    .where(anyOf(connectorPlans.connectorId, connectorIds))
    .orderBy(sortableText(plans.name), asc(plans.id));
  for (const { connectorId, ...mapping } of rows) appendTo(byConnector, connectorId, mapping);
  return byConnector;
}

/** The plan map as the history shows it: one 'plan → external id' line per plan. */
const mapText = (mappings: ConnectorPlan[] | undefined) =>
  (mappings ?? []).map((mapping) => `${mapping.name} (${mapping.plan_id}) → ${mapping.external_plan_id}`).join('\n') || null;

const history = secretAwareTrail({
  resource: 'connector',
  id: (item: Connector) => item.id,
  label: (item) => item.key,
  fields: (item) => ({
    dsp_id: item.dsp_id,
    key: item.key,
    driver: item.driver,
    type: item.type,
    enabled: item.enabled,
    // Masked: a credential's change is recorded apart, as a secret.
    settings: JSON.stringify(item.settings),
    params: JSON.stringify(item.params),
    varification_policy: item.varification_policy,
    plans: mapText(item.plans),
  }),
});

const plansError = (message: string) => validationFailed({ plans: [message] });

export function createConnectorService({ db, credentials }: { db: Db; credentials: CredentialBox }) {
  /** A connector as every answer shows it: its credentials masked. */
  const present = (row: ConnectorRow): Connector => ({
    id: row.id,
    dsp_id: row.dspId,
    key: row.key,
    driver: row.driver,
    type: row.type,
    enabled: row.enabled,
    settings: credentials.mask(row.settings as JsonObject),
    params: credentials.mask(row.params as JsonObject),
    varification_policy: row.verificationPolicy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const plansInclude: IncludeLoader<ConnectorRow> = async (rows) => {
    const byConnector = await plansOf(db, rows.map((row) => row.id));
    return (row) => byConnector.get(row.id) ?? [];
  };

  const list = defineList({
    db,
    item: connector,
    table: connectors,
    select: () => db.select().from(connectors).$dynamic(),
    id: connectors.id,
    filters: {
      q: { description: 'Busca en la key, sin distinguir mayúsculas ni tildes.', where: (value) => containsText(connectors.key, value) },
      key: { description: 'La key exacta (sin distinguir mayúsculas, tildes ni espacios alrededor).', where: (value) => sql`${foldedName(connectors.key)} = ${foldedName(sql`${value}`)}` },
      type: { description: `Uno o varios tipos separados por comas: ${CONNECTOR_TYPES.join(', ')}.`, where: (value) => anyOf(connectors.type, enumFilter('type', value, CONNECTOR_TYPES)) },
      enabled: { description: 'Activos (1/true) o inactivos (0/false).', where: (value) => eq(connectors.enabled, booleanFilter('enabled', value)) },
    },
    sorts: {
      id: connectors.id,
      name: sortableText(connectors.key),
      key: sortableText(connectors.key),
      driver: connectors.driver,
      type: connectors.type,
      created_at: connectors.createdAt,
    } satisfies Record<(typeof CONNECTOR_SORTS)[number], unknown>,
    defaultSort: CONNECTOR_DEFAULT_SORT,
    defaultLimit: CONNECTOR_PAGE_SIZE,
    fields: CONNECTOR_FIELDS,
    includes: { list: CONNECTOR_INCLUDES, load: { plans: plansInclude } },
    present: (rows: ConnectorRow[]) => rows.map(present),
  });

  const find = async (id: number): Promise<ConnectorRow> => {
    const [row] = await db.select().from(connectors).where(eq(connectors.id, id));
    if (!row) throw notFound(CONNECTOR_NOT_FOUND);
    return row;
  };

  const one = async (id: number) => (await list.present([await find(id)], ['plans']))[0] as Connector;

  const assertDsp = async (dspId: number) => {
    const [found] = await db.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, dspId));
    if (!found) throw notFound(DSP_NOT_FOUND);
  };

  /** Each mapped plan once, and each a plan the DSP sells (422 on plans otherwise). */
  const assertMappings = async (conn: Db | Tx, dspId: number, mappings: PlanMapping[]) => {
    const ids = mappings.map((mapping) => mapping.plan_id);
    if (new Set(ids).size !== ids.length) throw plansError(CONNECTOR_MESSAGES.planTwice);
    const sold = await conn.select({ planId: dspPlans.planId }).from(dspPlans).where(and(eq(dspPlans.dspId, dspId), anyOf(dspPlans.planId, ids)));
    if (sold.length !== ids.length) throw plansError(CONNECTOR_MESSAGES.planNotOfDsp);
  };

  const writeMappings = async (tx: Tx, connectorId: number, dspId: number, mappings: PlanMapping[]) => {
    // The DSP's row is locked so its plan list cannot change between the check and the write.
    await tx.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, dspId)).for('share');
    await assertMappings(tx, dspId, mappings);
    await tx.delete(connectorPlans).where(eq(connectorPlans.connectorId, connectorId));
    await tx.insert(connectorPlans).values(mappings.map((mapping) => ({ connectorId, planId: mapping.plan_id, externalPlanId: mapping.external_plan_id })));
  };

  /**
   * The plan map an update replaced, by the locked row the write path presents as "before": the
   * map is rewritten before that row is presented, so reading it then would show the new one.
   */
  const replacedMaps = new WeakMap<ConnectorRow, ConnectorPlan[]>();

  /** The record as its history sees it: masked, with its plan map, and a fingerprint of each credential. */
  const historyView = async (row: ConnectorRow, tx: Tx): Promise<WithSecrets<Connector>> => ({
    item: { ...present(row), plans: replacedMaps.get(row) ?? (await plansOf(tx, [row.id])).get(row.id) ?? [] },
    secrets: { ...credentials.fingerprints(row.settings, 'settings'), ...credentials.fingerprints(row.params, 'params') },
  });

  const writes = defineWrites({
    db,
    table: connectors,
    id: connectors.id,
    notFound: CONNECTOR_NOT_FOUND,
    present: historyView,
    history,
    unique: [{ field: 'key', column: connectors.key, within: connectors.dspId, index: 'connectors_dsp_key_unique', message: CONNECTOR_MESSAGES.keyTaken }],
  });

  /** A plan removed from the DSP (or deleted) between the check and the write: 422 like one it never sold. */
  const planGone = (error: unknown) =>
    foreignKeyViolation(error) === 'connector_plans_plan_id_plans_id_fk' ? plansError(CONNECTOR_MESSAGES.planNotOfDsp) : error;

  return {
    list,
    find,
    assertDsp,

    /** The condition that narrows the list to one DSP's connectors. */
    ofDsp: (dspId: number) => eq(connectors.dspId, dspId),

    async create(dspId: number, input: CreateInput, actor: Actor): Promise<Connector> {
      await assertDsp(dspId);
      if (input.driver === 'database' && input.params === undefined) throw validationFailed({ params: [CONNECTOR_MESSAGES.paramsRequired] });
      await assertMappings(db, dspId, input.plans);
      const values = {
        dspId,
        key: input.key,
        driver: input.driver,
        type: input.type,
        enabled: input.enabled ?? true,
        settings: credentials.seal(input.settings),
        params: credentials.seal(input.params ?? {}),
        verificationPolicy: input.varification_policy ?? null,
      };
      try {
        const row = await writes.create(values, {}, actor, (tx, created) => writeMappings(tx, created.id, dspId, input.plans));
        return await one(row.id);
      } catch (error) {
        if (foreignKeyViolation(error) === 'connectors_dsp_id_dsps_id_fk') throw notFound(DSP_NOT_FOUND);
        throw planGone(error);
      }
    },

    async update(id: number, input: UpdateInput, actor: Actor): Promise<Connector> {
      const current = await find(id);
      if (input.plans) await assertMappings(db, current.dspId, input.plans);
      try {
        await writes.update(
          id,
          async (before, tx) => {
            if (input.plans) {
              replacedMaps.set(before, (await plansOf(tx, [id])).get(id) ?? []);
              await writeMappings(tx, id, before.dspId, input.plans);
            }
            // A connector switched to database needs params; ones it already has are kept.
            const becomesDatabase = input.driver === 'database' && before.driver !== 'database';
            if (becomesDatabase && input.params === undefined && Object.keys(before.params as JsonObject).length === 0) {
              throw validationFailed({ params: [CONNECTOR_MESSAGES.paramsRequired] });
            }
            return {
              ...(input.key !== undefined ? { key: input.key } : {}),
              ...(input.driver !== undefined ? { driver: input.driver } : {}),
              ...(input.type !== undefined ? { type: input.type } : {}),
              ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
              ...(input.settings !== undefined ? { settings: credentials.seal(input.settings, before.settings) } : {}),
              ...(input.params !== undefined ? { params: credentials.seal(input.params, before.params) } : {}),
              ...(input.varification_policy !== undefined ? { verificationPolicy: input.varification_policy } : {}),
              // A new plan map alone is still a change of the connector.
              ...(input.plans ? { updatedAt: new Date() } : {}),
            };
          },
          {},
          actor,
        );
      } catch (error) {
        throw planGone(error);
      }
      return one(id);
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await writes.remove(id, actor);
    },

    deletion: writes.deletion,
  };
}

