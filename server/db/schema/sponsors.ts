import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { countries } from './countries';
import { timestamps } from './timestamps';

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
    ...timestamps,
  },
  (table) => [
    index('sponsors_name_idx').on(table.name),
    index('sponsors_country_idx').on(table.countryId),
    index('sponsors_created_at_idx').on(table.createdAt),
  ],
);
