import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { countries } from '../../server/db/schema';
import { openTestDatabase } from './support/database';

// Each API file's database must start as the migrated template does, whatever the file before it
// left: a database a file closed is emptied and handed to the next file (support/database.ts); on
// PGlite it is the same open database, on a server the same database opened again.

const clientOf = (database: Database) => (database.db as unknown as { $client: unknown }).$client;
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** What the planner knows of the countries table, and how many of its columns it has statistics for. */
const plannerView = async (database: Database) => ({
  table: await rowsOf(database, sql`select relpages, reltuples from pg_class where oid = 'countries'::regclass`),
  statistics: await rowsOf(database, sql`select count(*)::int as columns from pg_statistic where starelid = 'countries'::regclass`),
});

describe('the test database', () => {
  it('starts empty, with its identities and planner sizes as the template has them, after a file used it', async () => {
    const first = await openTestDatabase();
    const untouched = await plannerView(first);
    await first.db.insert(countries).values([{ name: 'Chile' }, { name: 'Perú' }, { name: 'Bolivia' }]);
    await first.db.execute(sql`analyze countries`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    expect((await plannerView(first)).statistics).not.toEqual(untouched.statistics);
    await first.close();

    const next = await openTestDatabase();
    try {
      if (first.kind === 'pglite') expect(clientOf(next)).toBe(clientOf(first));
      expect(await next.db.select().from(countries)).toEqual([]);
      const [inserted] = await next.db.insert(countries).values({ name: 'Chile' }).returning({ id: countries.id });
      expect(inserted!.id).toBe(1);
      await next.db.delete(countries);
      expect(await plannerView(next)).toEqual(untouched);
      expect(await rowsOf(next, sql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await next.close();
    }
  });

  it('is loaded afresh when the file before it changed the schema', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`create sequence left_behind`);
    await first.db.execute(sql`alter table countries disable trigger all`);
    await first.close();

    const next = await openTestDatabase();
    try {
      if (first.kind === 'pglite') expect(clientOf(next)).not.toBe(clientOf(first));
      expect(await rowsOf(next, sql`select relname from pg_class where relname = 'left_behind'`)).toEqual([]);
      expect(await rowsOf(next, sql`select count(*)::int as disabled from pg_trigger where tgrelid = 'countries'::regclass and tgenabled = 'D'`)).toEqual([{ disabled: 0 }]);
    } finally {
      await next.close();
    }
  });
});
