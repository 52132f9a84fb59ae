import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from './record-columns';

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2; null for countries staff add by hand. */
    code: text('code'),
    /** ISO 4217: the currency of every price in the country's campaigns; null when it has none. */
    currency: text('currency'),
    ...recordColumns,
  },
  (table) => [uniqueIndex('countries_code_unique').on(table.code), uniqueIndex('countries_name_unique').on(table.name)],
);
