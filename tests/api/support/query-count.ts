import type { Db } from '../../../server/db/client';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * How many statements `run` sends to the database, counted on the driver itself (PGlite or the
 * pg pool that drizzle queries through): whatever the ORM does, every statement passes there.
 */
export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = client.query;
  let total = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    total += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    if (own) client.query = original;
    else delete (client as Partial<Queryable>).query;
  }
  return total;
}
