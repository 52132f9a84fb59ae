import type { Db } from './client';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * The calls `run` makes to the driver under drizzle (PGlite, or the pg pool), each with its
 * arguments as given, and `run`'s result: whatever the ORM does, every statement passes there. For
 * the tests that count or plan a list's statements and the benchmark that replays them.
 */
export async function recordDriverCalls<T>(db: Db, run: () => Promise<T>): Promise<{ calls: unknown[][]; result: T }> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = client.query;
  const calls: unknown[][] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    calls.push(args);
    return original.apply(this, args);
  };
  try {
    return { calls, result: await run() };
  } finally {
    if (own) client.query = original;
    else delete (client as Partial<Queryable>).query;
  }
}
