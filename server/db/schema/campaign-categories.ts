import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedName } from '../sortable-text';
import { campaigns } from './campaigns';
import { categories } from './categories';
import { recordColumns } from './record-columns';

/** A campaign's own categories, each linked to a root category of the catalogue. */
export const campaignCategories = pgTable(
  'campaign_categories',
  {
    id: serial('id').primaryKey(),
    /** A campaign with categories cannot be deleted (the API answers 409 first). */
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** A catalogue category in use here cannot be deleted. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    imagePath: text('image_path'),
    ...recordColumns,
  },
  (table) => [
    index('campaign_categories_category_idx').on(table.categoryId),
    /** Within one campaign, two categories never share a name (case, accents and surrounding spaces ignored). */
    uniqueIndex('campaign_categories_campaign_name_unique').using('btree', table.campaignId, foldedName(table.name)),
  ],
);
