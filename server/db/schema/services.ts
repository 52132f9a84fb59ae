import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { EVENT_PERIODS } from '../../../contract/service.constants';
import { copySearchIndex, foldedCopy } from '../sortable-text';
import { campaignCategories } from './campaign-categories';
import { plans } from './plans';
import { recordColumns } from './record-columns';

export const eventPeriod = pgEnum('event_period', EVENT_PERIODS);

/** The services a plan includes. A plan with services, or a campaign category they use, cannot be deleted. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => campaignCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    imagePath: text('image_path'),
    /** Null exactly when the coverage is unlimited. */
    coverageAmount: numeric('coverage_amount', { precision: 14, scale: 2 }),
    unlimitedCoverage: boolean('unlimited_coverage').notNull().default(false),
    /** Null exactly when the events are unlimited. */
    eventLimit: integer('event_limit'),
    unlimitedEvents: boolean('unlimited_events').notNull().default(false),
    eventPeriod: eventPeriod('event_period'),
    /** Free text, one item per line. */
    inclusions: text('inclusions'),
    exclusions: text('exclusions'),
    isActive: boolean('is_active').notNull().default(true),
    /** A reference in the external Apolo system. */
    apoloCodeRef: text('apolo_code_ref'),
    /** JSON when it was sent as JSON, else the text as a JSON string. */
    meta: jsonb('meta'),
    // Folded copies of the searched text: a frequent term's thousands of services are checked
    // against these, not folded again, and the name's copy is the sort by name.
    nameFolded: foldedCopy('name_folded', 'name'),
    descriptionFolded: foldedCopy('description_folded', 'description'),
    ...recordColumns,
  },
  (table) => [
    index('services_plan_idx').on(table.planId),
    index('services_category_idx').on(table.categoryId),
    copySearchIndex('services_name_search_idx', table.nameFolded),
    copySearchIndex('services_description_search_idx', table.descriptionFolded),
    index('services_name_sort_idx').on(table.nameFolded, table.id),
    index('services_created_at_idx').on(table.createdAt, table.id),
    // The services page filtered by status alone, in its default order.
    index('services_active_idx').on(table.isActive, table.id),
    check('services_coverage_check', sql`(${table.unlimitedCoverage} and ${table.coverageAmount} is null) or (not ${table.unlimitedCoverage} and ${table.coverageAmount} >= 0)`),
    check('services_event_limit_check', sql`(${table.unlimitedEvents} and ${table.eventLimit} is null) or (not ${table.unlimitedEvents} and ${table.eventLimit} >= 0)`),
  ],
);
