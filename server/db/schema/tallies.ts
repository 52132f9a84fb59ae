import { bigint, boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { entitlementStatus } from './customers';
import { dsps } from './dsps';

/**
 * The sales totals by DSP, status, payment method and currency, kept by the database itself: triggers on
 * `entitlements` add a row of differences for every statement that writes subscriptions (how many
 * sales, and their plans' prices), and one on `plans` adds the difference a changed price makes to
 * its sales (migration 0019). /ventas' totals without a search or dates sum these few thousand
 * rows instead of counting 300,000 sales on every visit. Rows are only ever added by the writes, so
 * two sales written at once never wait on one another; the reads fold a key's rows into one when
 * they pile up (`compactSalesTallies`).
 */
export const salesTallies = pgTable(
  'sales_tallies',
  {
    // A DSP with sales is never deleted; one whose sales all went leaves zeros, deleted with it.
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'cascade' }),
    status: entitlementStatus('status').notNull(),
    paymentMethod: text('payment_method'),
    /** The plans' currency: amounts in different currencies are never added up. */
    currency: text('currency'),
    sales: bigint('sales', { mode: 'number' }).notNull(),
    /** The sum of the sales' plan prices (a plan without a price adds nothing). */
    amount: numeric('amount').notNull(),
    /** A key's rows folded into one (`compactSalesTallies`); a write's difference is not, until then. */
    folded: boolean('folded').notNull().default(false),
  },
  (table) => [index('sales_tallies_key_idx').on(table.dspId, table.status, table.paymentMethod, table.currency)],
);

/**
 * How many rows a large table holds (a DSP's bookings: per DSP), kept by the database the same way:
 * statement triggers add each write's difference (migration 0020), and the reads fold a key's rows
 * when they pile up (`talliedRows` in server/db/tallies.ts). A list without filters then knows its total exactly without
 * counting, and reads a page past the middle from the other end.
 */
export const rowTallies = pgTable(
  'row_tallies',
  {
    /** The table counted. */
    relation: text('relation').notNull(),
    /** The DSP whose rows these are, for a table counted per DSP; null for a whole table. */
    dspId: integer('dsp_id'),
    rows: bigint('rows', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (table) => [index('row_tallies_key_idx').on(table.relation, table.dspId)],
);
