import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CAMPAIGN_STATUSES } from '../../../contract/campaign-status';
import { foldedName, searchIndex, sortIndex } from '../sortable-text';
import { countries } from './countries';
import { sponsors } from './sponsors';
import { recordColumns } from './record-columns';

export const campaignStatus = pgEnum('campaign_status', CAMPAIGN_STATUSES);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    status: campaignStatus('status').notNull().default('DRAFT'),
    /** A sponsor with campaigns cannot be deleted (the API answers 409 first). */
    sponsorId: integer('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    /**
     * Its country's currency (ISO 4217), kept by the database (migration 0023): set from the
     * country on every write, and again when the country's currency changes.
     */
    currency: text('currency'),
    imagePath: text('image_path'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    budget: numeric('budget', { precision: 14, scale: 2 }),
    ...recordColumns,
  },
  (table) => [
    index('campaigns_sponsor_idx').on(table.sponsorId),
    index('campaigns_country_idx').on(table.countryId),
    index('campaigns_status_idx').on(table.status),
    searchIndex('campaigns_name_search_idx', table.name),
    searchIndex('campaigns_description_search_idx', table.description),
    sortIndex('campaigns_name_sort_idx', table.name, { id: table.id }),
    index('campaigns_start_date_idx').on(table.startDate),
    index('campaigns_end_date_idx').on(table.endDate),
    index('campaigns_budget_idx').on(table.budget),
    /** Within one sponsor, two campaigns never share a name (case, accents and surrounding spaces ignored). */
    uniqueIndex('campaigns_sponsor_name_unique').using('btree', table.sponsorId, foldedName(table.name)),
    index('campaigns_created_at_idx').on(table.createdAt, table.id),
    check('campaigns_dates_check', sql`${table.endDate} is null or ${table.startDate} is null or ${table.endDate} >= ${table.startDate}`),
    check('campaigns_budget_check', sql`${table.budget} is null or ${table.budget} >= 0`),
  ],
);
