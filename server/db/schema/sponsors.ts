import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { copySearchIndex, foldedCopy, foldedName } from '../sortable-text';
import { countries } from './countries';
import { recordColumns } from './record-columns';

export const sponsors = pgTable(
  'sponsors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    /** A storage key (see server/storage), never a client's file name. */
    logoPath: text('logo_path'),
    /** Stored normalised: http(s) only, `https://` added when the scheme was missing. */
    websiteUrl: text('website_url'),
    /**
     * The name folded as the list searches and sorts it, stored: sorting by the folded expression
     * folded every sponsor's name again for each deep page (the planner does not know what
     * translate() costs and chose that over the index).
     */
    nameFolded: foldedCopy('name_folded', 'name'),
    ...recordColumns,
  },
  (table) => [
    copySearchIndex('sponsors_name_search_idx', table.nameFolded),
    index('sponsors_name_sort_idx').on(table.nameFolded, table.id),
    /** Two sponsors never share a name, ignoring case, accents and surrounding spaces. */
    uniqueIndex('sponsors_name_unique').using('btree', foldedName(table.name)),
    index('sponsors_country_idx').on(table.countryId),
    index('sponsors_created_at_idx').on(table.createdAt, table.id),
  ],
);
