import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every editable record has. Every update through drizzle sets `updated_at` to the
 * database's clock and adds one to `version`, so no write sets either by hand. `version` is what a
 * writer sends back (If-Match, or `version` in a form) to be told when someone else changed the
 * record since it was read: a counter cannot collide the way two writes in one millisecond can.
 */
export const recordColumns = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
  version: integer('version')
    .notNull()
    .default(1)
    .$onUpdate(() => sql`"version" + 1`),
};
