import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { API_CLIENT_TYPES, CONNECTOR_DRIVERS, CONNECTOR_TYPES, DSP_TYPES, RATE_LIMIT_PERIODS } from '../../../contract/dsp.constants';
import { copySearchIndex, foldedCopy, foldedName } from '../sortable-text';
import { users } from './auth';
import { countries } from './countries';
import { plans } from './plans';
import { sponsors } from './sponsors';
import { recordColumns } from './record-columns';

export const dspType = pgEnum('dsp_type', DSP_TYPES);
export const connectorDriver = pgEnum('connector_driver', CONNECTOR_DRIVERS);
export const connectorType = pgEnum('connector_type', CONNECTOR_TYPES);
export const apiClientType = pgEnum('api_client_type', API_CLIENT_TYPES);
export const rateLimitPeriod = pgEnum('rate_limit_period', RATE_LIMIT_PERIODS);

/** The partners that sell plans and deliver services (DSPs), each for one sponsor. */
export const dsps = pgTable(
  'dsps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: dspType('type').notNull().default('SALE'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    sponsorId: integer('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    websiteUrl: text('website_url'),
    address: text('address'),
    phonePrimary: text('phone_primary'),
    phoneSecondary: text('phone_secondary'),
    emailPrimary: text('email_primary'),
    /** The DSP's front-end settings (theme, components, layout): always a JSON object. */
    settings: jsonb('settings').notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    /** A storage key (see server/storage), never a client's file name. */
    imagePath: text('image_path'),
    /**
     * The name folded as the list searches and sorts it, stored: the search folded every DSP's
     * name on each call, and again each match's for the sort.
     */
    nameFolded: foldedCopy('name_folded', 'name'),
    ...recordColumns,
  },
  (table) => [
    /** Two DSPs never share a name (staff confirm a delete by typing it). */
    uniqueIndex('dsps_name_unique').using('btree', foldedName(table.name)),
    copySearchIndex('dsps_name_search_idx', table.nameFolded),
    index('dsps_name_sort_idx').on(table.nameFolded, table.id),
    index('dsps_sponsor_idx').on(table.sponsorId),
    index('dsps_country_idx').on(table.countryId),
    index('dsps_created_at_idx').on(table.createdAt, table.id),
    check('dsps_settings_object_check', sql`jsonb_typeof(${table.settings}) = 'object'`),
  ],
);

/** The plans a DSP sells: plans of its sponsor's campaigns (checked by the API). */
export const dspPlans = pgTable(
  'dsp_plans',
  {
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.dspId, table.planId] }), index('dsp_plans_plan_idx').on(table.planId)],
);

/** The staff assigned to a DSP: who, without the DSP permission, sees its customers and bookings. */
export const dspUsers = pgTable(
  'dsp_users',
  {
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.dspId, table.userId] }), index('dsp_users_user_idx').on(table.userId)],
);

/**
 * How the panel reaches a DSP's own system. Credential values inside `settings` and `params`
 * (password, secret, token, api_key …) are stored encrypted.
 */
export const connectors = pgTable(
  'connectors',
  {
    id: serial('id').primaryKey(),
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    driver: connectorDriver('driver').notNull(),
    type: connectorType('type').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').notNull().default({}),
    params: jsonb('params').notNull().default({}),
    /** Free text; the API spells it `varification_policy`, as the panel always has. */
    verificationPolicy: text('verification_policy'),
    ...recordColumns,
  },
  (table) => [
    /** Within one DSP, two connectors never share a key. */
    uniqueIndex('connectors_dsp_key_unique').using('btree', table.dspId, foldedName(table.key)),
    check('connectors_settings_object_check', sql`jsonb_typeof(${table.settings}) = 'object'`),
    check('connectors_params_object_check', sql`jsonb_typeof(${table.params}) = 'object'`),
  ],
);

/** A connector's plan map: our plan → the plan's id in the DSP's system. */
export const connectorPlans = pgTable(
  'connector_plans',
  {
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    externalPlanId: text('external_plan_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectorId, table.planId] }), index('connector_plans_plan_idx').on(table.planId)],
);

/** Systems that call our API on a DSP's behalf. The secret is kept only as a hash. */
export const apiClients = pgTable(
  'api_clients',
  {
    id: serial('id').primaryKey(),
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    clientId: text('client_id').notNull(),
    clientSecretHash: text('client_secret_hash').notNull(),
    type: apiClientType('type').notNull().default('BACKEND'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** IPs or CIDR ranges; empty allows any. */
    ipWhitelist: text('ip_whitelist').array().notNull().default(sql`'{}'::text[]`),
    /** Null: no limit. */
    rateLimitMax: integer('rate_limit_max'),
    rateLimitPeriod: rateLimitPeriod('rate_limit_period'),
    enabled: boolean('enabled').notNull().default(true),
    ...recordColumns,
  },
  (table) => [
    /** A client id names one client in the whole system. */
    uniqueIndex('api_clients_client_id_unique').on(table.clientId),
    index('api_clients_dsp_idx').on(table.dspId),
    check('api_clients_rate_limit_check', sql`${table.rateLimitMax} is null or ${table.rateLimitMax} >= 0`),
  ],
);
