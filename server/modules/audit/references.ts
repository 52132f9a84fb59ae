import type { AuditResource } from '@contract/audit';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  apiClients,
  type auditLog,
  bookings,
  campaignCategories,
  campaigns,
  categories,
  connectors,
  countries,
  customers,
  dsps,
  entitlements,
  plans,
  roles,
  services,
  sponsors,
  users,
} from '../../db/schema';
import { constant } from '../../http/item-sql';

type Named = { id: AnyPgColumn; name: AnyPgColumn };
const named = (table: Named): Named => ({ id: table.id, name: table.name });

/** The record an id of each field names; a field means the same record in every resource unless overridden below. */
const FIELD_RECORDS: Record<string, Named> = {
  country_id: named(countries),
  sponsor_id: named(sponsors),
  campaign_id: named(campaigns),
  plan_id: named(plans),
  dsp_id: named(dsps),
  customer_id: named(customers),
  parent_id: named(categories),
  category_id: named(categories),
  plan_service_id: named(services),
};

/** Where a field names another record than FIELD_RECORDS says: a service's category is one of its campaign's. */
const RESOURCE_FIELD_RECORDS: Partial<Record<AuditResource, Record<string, Named>>> = {
  service: { category_id: named(campaignCategories) },
  dsp: { plans: named(plans), users: named(users) },
};

type Entry = typeof auditLog;

const nameCase = (entry: Entry, field: SQL, id: SQL): SQL => {
  const branches: SQL[] = [];
  for (const [resource, fields] of Object.entries(RESOURCE_FIELD_RECORDS)) {
    for (const [name, record] of Object.entries(fields)) {
      branches.push(sql`when ${entry.resource} = ${constant(resource)} and ${field} = ${constant(name)} then (select ${record.name} from ${record.id.table} where ${record.id} = ${id})`);
    }
  }
  for (const [name, record] of Object.entries(FIELD_RECORDS)) {
    branches.push(sql`when ${field} = ${constant(name)} then (select ${record.name} from ${record.id.table} where ${record.id} = ${id})`);
  }
  return sql`(case ${sql.join(branches, sql` `)} end)`;
};

/**
 * The names, as they are now, of the records the entry's changes name by id: [{ field, id, name }],
 * a record since deleted left out (the screen shows its id).
 */
export const referencedNames = (entry: Entry): SQL => {
  const values = sql`(case when jsonb_typeof(c.value -> 'before') = 'array' then c.value -> 'before' else jsonb_build_array(c.value -> 'before') end
    || case when jsonb_typeof(c.value -> 'after') = 'array' then c.value -> 'after' else jsonb_build_array(c.value -> 'after') end)`;
  // Only the reference fields, and only whole numbers: a price or a latitude is no id.
  const fields = [...new Set([...Object.keys(FIELD_RECORDS), ...Object.values(RESOURCE_FIELD_RECORDS).flatMap((byField) => Object.keys(byField))])];
  const pairs = sql`select distinct c.value ->> 'field' as field, (v.value #>> '{}')::int as id
    from jsonb_array_elements(${entry.changes}) c, jsonb_array_elements(${values}) v
    where c.value ->> 'field' in (${sql.join(fields.map(constant), sql`, `)}) and jsonb_typeof(v.value) = 'number'
      and (v.value #>> '{}') ~ '^[0-9]{1,9}$'`;
  const field = sql.raw('r.field');
  const id = sql.raw('r.id');
  return sql`coalesce((select json_agg(json_build_object('field', n.field, 'id', n.id, 'name', n.name) order by n.field, n.id)
    from (select r.field, r.id, ${nameCase(entry, field, id)} as name from (${pairs}) r) n where n.name is not null), '[]'::json)`;
};

const path = (table: { id: AnyPgColumn }, entry: Entry, ids: SQL): SQL => sql`(select ${ids} from ${table.id.table} where ${table.id} = ${entry.resourceId})`;

/**
 * The ids of the record's page, as the panel's routes need them (a campaign's sponsor, a
 * connector's DSP), or null when the record is gone: [] for a record whose id is enough.
 */
export const recordPath = (entry: Entry): SQL => {
  const paths: Partial<Record<AuditResource, SQL>> = {
    user: path(users, entry, sql`json_build_array()`),
    role: path(roles, entry, sql`json_build_array()`),
    sponsor: path(sponsors, entry, sql`json_build_array()`),
    campaign: path(campaigns, entry, sql`json_build_array(${campaigns.sponsorId})`),
    plan: path(plans, entry, sql`json_build_array()`),
    category: path(categories, entry, sql`json_build_array()`),
    'campaign-category': sql`(select json_build_array(${campaigns.sponsorId}, ${campaigns.id}) from ${campaignCategories} join ${campaigns} on ${campaigns.id} = ${campaignCategories.campaignId} where ${campaignCategories.id} = ${entry.resourceId})`,
    service: path(services, entry, sql`json_build_array()`),
    dsp: path(dsps, entry, sql`json_build_array()`),
    connector: path(connectors, entry, sql`json_build_array(${connectors.dspId})`),
    'api-client': path(apiClients, entry, sql`json_build_array(${apiClients.dspId})`),
    customer: path(customers, entry, sql`json_build_array(${customers.dspId})`),
    entitlement: path(entitlements, entry, sql`json_build_array(${entitlements.dspId}, ${entitlements.customerId})`),
    booking: path(bookings, entry, sql`json_build_array(${bookings.dspId})`),
  };
  return sql`(case ${entry.resource} ${sql.join(
    Object.entries(paths).map(([resource, ids]) => sql`when ${constant(resource)} then ${ids}`),
    sql` `,
  )} end)`;
};
