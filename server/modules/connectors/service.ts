import { RESTORE_GONE } from '@contract/restore';
import {
  CONNECTOR_DEFAULT_SORT,
  CONNECTOR_FIELDS,
  CONNECTOR_INCLUDES,
  CONNECTOR_MESSAGES,
  CONNECTOR_NOT_FOUND,
  CONNECTOR_PAGE_SIZE,
  type CONNECTOR_SORTS,
  CONNECTOR_TYPES,
  CREDENTIAL_ENDINGS,
  CREDENTIAL_MASK,
  CREDENTIAL_NAMES,
  type Connector,
  type ConnectorPlan,
  DSP_NOT_FOUND,
  type PlanMapping,
  connector,
  type connectorFields,
  connectorPlan,
} from '@contract/connector';
import { and, type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { foreignKeyViolation } from '../../db/errors';
import type { Db, Tx } from '../../db/client';
import { defineWrites } from '../../db/record-writes';
import { connectorPlans, connectors, dspPlans, dsps, plans } from '../../db/schema';
import { itemWithoutSecrets, secretAwareTrail, type WithSecrets } from '../../db/secret-history';
import { containsText, foldedName, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { booleanFilter, enumFilter } from '../../http/filter-values';
import { constant, defineItem, isoTime, many, sameNamed } from '../../http/item-sql';
import { defineList } from '../../http/list';
import { SEALED_PREFIX, type CredentialBox } from '../../security/credentials';

type CreateInput = z.output<typeof connectorFields>;
type UpdateInput = Partial<CreateInput>;
export type ConnectorRow = typeof connectors.$inferSelect;
type JsonObject = Record<string, unknown>;

/**
 * Whether a settings or params key names a credential, as `isCredentialKey`
 * (contract/connector.constants.ts) says: trimmed, lower-cased, '-', '.' and spaces as '_', then
 * one of its names or endings. Folded in ASCII only, so it never names a key that JavaScript, which
 * decides what is sealed, does not (PostgreSQL's lower() makes 'İ' an 'i', JavaScript an 'i' and a
 * dot): a value masked but stored plain would come back as the mask and be saved as it. The keys
 * JavaScript alone names are sealed by every write, and `sealed` masks them. The tests hold this to
 * `credentials.mask`.
 */
const credentialKey = (key: SQL): SQL =>
  sql`(regexp_replace(regexp_replace(translate(${key}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '^[ \\t\\n\\r\\f\\v]+|[ \\t\\n\\r\\f\\v]+$', '', 'g'), '[-. \\t\\n\\r\\f\\v]+', '_', 'g') ~ ${constant(
    `^(${CREDENTIAL_NAMES.join('|')})$|(${CREDENTIAL_ENDINGS.join('|')})$`,
  )})`;

/** A sealed value: a string that begins as `credentials.seal` writes them. */
const sealed = (value: SQL): SQL => sql`(jsonb_typeof(${value}) = 'string' and starts_with(${value} #>> '{}', ${constant(SEALED_PREFIX)}))`;

/**
 * A connector's settings or params as every answer shows them: each credential's value replaced by
 * CREDENTIAL_MASK, as `credentials.mask` does. The tree is walked down to the credentials (under
 * a key `isCredentialKey` names, not empty: neither null nor ''; or any sealed value, wherever the
 * key's folding here and in JavaScript part ways), whose places are then masked one by one;
 * nothing under a credential is walked, as a sealed value is one string.
 */
const masked = (column: AnyColumn): SQL => sql`(with recursive
  "node"("path", "value", "credential") as (
    select '{}'::text[], ${column}, false
    union all
    select "node"."path" || "child"."key", "child"."value", "child"."credential"
    from "node" cross join lateral (
      select "key", "value", ${credentialKey(sql`"key"`)} or ${sealed(sql`"value"`)} as "credential"
        from jsonb_each(case when jsonb_typeof("node"."value") = 'object' then "node"."value" else '{}'::jsonb end)
      union all
      select ("at" - 1)::text, "value", ${sealed(sql`"value"`)}
        from jsonb_array_elements(case when jsonb_typeof("node"."value") = 'array' then "node"."value" else '[]'::jsonb end) with ordinality as "element"("value", "at")
    ) "child"
    where not "node"."credential"),
  "found"("path", "at") as (select "path", row_number() over () from "node" where "credential" and "value" not in ('null'::jsonb, '""'::jsonb)),
  "masked"("tree", "at") as (
    select ${column}, 0::bigint
    union all
    select jsonb_set("masked"."tree", "found"."path", to_jsonb(${constant(CREDENTIAL_MASK)}::text)), "masked"."at" + 1
    from "masked" join "found" on "found"."at" = "masked"."at" + 1)
  select "tree" from "masked" order by "at" desc limit 1)`;

/** The name of the plan a mapping maps. */
const mappedPlanName = (mapping: typeof connectorPlans): SQL => sql`(select ${plans.name} from ${plans} where ${plans.id} = ${mapping.planId})`;

/** One line of a connector's plan map: one of our plans with its id in the DSP's system. */
const mappingItem = defineItem(connectorPlan, {
  table: connectorPlans,
  // Only ever a relation of its connector: no page presents mappings by their own id.
  id: connectorPlans.connectorId,
  fields: (mapping) => ({ plan_id: mapping.planId, name: mappedPlanName(mapping), external_plan_id: mapping.externalPlanId }),
});

/** The connector's plan map, by plan name. */
const planMap = many(
  mappingItem,
  (mapping, connector: typeof connectors) => eq(mapping.connectorId, connector.id),
  (mapping) => [sortableText(mappedPlanName(mapping)), mapping.planId],
);

/** A connector as every answer shows it: its credentials masked. */
const connectorItem = defineItem(connector, {
  table: connectors,
  id: connectors.id,
  fields: (connector) => ({
    ...sameNamed(connector, ['id', 'dsp_id', 'key', 'driver', 'type', 'enabled']),
    settings: masked(connector.settings),
    params: masked(connector.params),
    varification_policy: connector.verificationPolicy,
    created_at: isoTime(connector.createdAt),
    updated_at: isoTime(connector.updatedAt),
    version: connector.version,
  }),
  relations: { plans: planMap },
});

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
  const list = defineList({
    db,
    shown: connectorItem,
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
    includes: { list: CONNECTOR_INCLUDES },
  });

  const find = async (id: number): Promise<ConnectorRow> => {
    const [row] = await db.select().from(connectors).where(eq(connectors.id, id));
    if (!row) throw notFound(CONNECTOR_NOT_FOUND);
    return row;
  };

  const assertDsp = async (dspId: number) => {
    const [found] = await db.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, dspId));
    if (!found) throw notFound(DSP_NOT_FOUND);
  };

  /** Each mapped plan once, and each a plan the DSP sells (422 on plans otherwise); in the write's transaction. */
  const assertMappings = async (tx: Tx, dspId: number, mappings: PlanMapping[]) => {
    const ids = mappings.map((mapping) => mapping.plan_id);
    if (new Set(ids).size !== ids.length) throw plansError(CONNECTOR_MESSAGES.planTwice);
    const sold = await tx.select({ planId: dspPlans.planId }).from(dspPlans).where(and(eq(dspPlans.dspId, dspId), anyOf(dspPlans.planId, ids)));
    if (sold.length !== ids.length) throw plansError(CONNECTOR_MESSAGES.planNotOfDsp);
  };

  const writeMappings = async (tx: Tx, connectorId: number, dspId: number, mappings: PlanMapping[]) => {
    // The DSP's row is locked so its plan list cannot change between the check and the write.
    await tx.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, dspId)).for('share');
    await assertMappings(tx, dspId, mappings);
    await tx.delete(connectorPlans).where(eq(connectorPlans.connectorId, connectorId));
    await tx.insert(connectorPlans).values(mappings.map((mapping) => ({ connectorId, planId: mapping.plan_id, externalPlanId: mapping.external_plan_id })));
  };

  /** The record as its history sees it: masked, with its plan map, and a fingerprint of each credential. */
  const historyView = async (row: ConnectorRow, tx: Tx): Promise<WithSecrets<Connector>> => ({
    item: await list.presentHeld<Connector>(row.id, ['plans'], tx),
    secrets: { ...credentials.fingerprints(row.settings, 'settings'), ...credentials.fingerprints(row.params, 'params') },
  });

  const writes = defineWrites({
    db,
    table: connectors,
    id: connectors.id,
    notFound: CONNECTOR_NOT_FOUND,
    keeps: [{ table: connectorPlans, rows: (id) => eq(connectorPlans.connectorId, id) }],
    restoreNeeds: [{ constraint: 'connectors_dsp_id_dsps_id_fk', field: 'dsp_id', message: RESTORE_GONE.connectorDsp }],
    present: historyView,
    history,
    // A write answers the connector as its history reads it: masked, with its plan map.
    answer: itemWithoutSecrets,
    unique: [{ field: 'key', index: 'connectors_dsp_key_unique', message: CONNECTOR_MESSAGES.keyTaken }],
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
        return await writes.create(values, {}, actor, (tx, created) => writeMappings(tx, created.id, dspId, input.plans));
      } catch (error) {
        if (foreignKeyViolation(error) === 'connectors_dsp_id_dsps_id_fk') throw notFound(DSP_NOT_FOUND);
        throw planGone(error);
      }
    },

    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Connector> {
      try {
        return await writes.update(
          id,
          async (before, tx) => {
            if (input.plans) await writeMappings(tx, id, before.dspId, input.plans);
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
            };
          },
          {},
          actor,
          { version },
        );
      } catch (error) {
        throw planGone(error);
      }
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}

