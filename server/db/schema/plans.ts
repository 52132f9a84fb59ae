import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLAN_STATUSES } from '../../../contract/campaign-status';
import { copySearchIndex, foldedCopy, foldedName } from '../sortable-text';
import { campaigns } from './campaigns';
import { recordColumns } from './record-columns';

export const planStatus = pgEnum('plan_status', PLAN_STATUSES);

/**
 * Assistance plans of a campaign. A plan may be an upgrade of another plan of the same campaign
 * (`plan_id`); the API refuses one of another campaign, itself and cycles.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 14, scale: 2 }),
    /** Its campaign's currency, kept by the database (migration 0023) like the campaign's own. */
    currency: text('currency'),
    status: planStatus('status').notNull().default('DRAFT'),
    imagePath: text('image_path'),
    documentPath: text('document_path'),
    /** Free text, one item per line. */
    inclusions: text('inclusions'),
    exclusions: text('exclusions'),
    commitmentMonths: integer('commitment_months').notNull().default(1),
    trialDays: integer('trial_days'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    meta: jsonb('meta'),
    /** A reference in the external Apolo system. */
    apoloCodeRef: text('apolo_code_ref'),
    /** The base plan when this plan is an upgrade of it. */
    planId: integer('plan_id'),
    // Folded copies of the searched text: a frequent term's thousands of plans are checked against
    // these, not folded again, and the name's copy is the sort by name.
    nameFolded: foldedCopy('name_folded', 'name'),
    descriptionFolded: foldedCopy('description_folded', 'description'),
    apoloCodeRefFolded: foldedCopy('apolo_code_ref_folded', 'apolo_code_ref'),
    ...recordColumns,
  },
  (table) => [
    foreignKey({ name: 'plans_plan_id_plans_id_fk', columns: [table.planId], foreignColumns: [table.id] }).onDelete('restrict'),
    index('plans_campaign_idx').on(table.campaignId),
    index('plans_plan_idx').on(table.planId),
    copySearchIndex('plans_name_search_idx', table.nameFolded),
    copySearchIndex('plans_description_search_idx', table.descriptionFolded),
    copySearchIndex('plans_apolo_code_ref_search_idx', table.apoloCodeRefFolded),
    index('plans_name_sort_idx').on(table.nameFolded, table.id),
    index('plans_price_idx').on(table.price),
    index('plans_status_idx').on(table.status),
    index('plans_commitment_months_idx').on(table.commitmentMonths),
    index('plans_created_at_idx').on(table.createdAt, table.id),
    /** Within one campaign, two plans never share a name (case, accents and surrounding spaces ignored). */
    uniqueIndex('plans_campaign_name_unique').using('btree', table.campaignId, foldedName(table.name)),
    check('plans_price_check', sql`${table.price} is null or ${table.price} >= 0`),
    check('plans_commitment_months_check', sql`${table.commitmentMonths} in (1, 3, 6, 12, 18, 24)`),
    check('plans_trial_days_check', sql`${table.trialDays} is null or ${table.trialDays} >= 0`),
  ],
);
