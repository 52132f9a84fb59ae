/**
 * An export's keyset batches, put end to end, are the plain query's rows (`order by …, id`) in its
 * order, none twice and none missing: on ties, on a column with nulls (last ascending, first
 * descending), on terms running opposite ways, and on a sort on a joined table's column.
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/api/support/database';
import type { Database } from '../db/client';
import { countries, sponsors } from '../db/schema';
import { idBatches } from './list-export';
import type { SortTerm } from './list-query';

const SPONSORS = 23;
let database: Database;

// `kind` is an expression with ties (the name's first word), `website` a column with nulls.
const sorts = { name: sponsors.name, kind: sql`split_part(${sponsors.name}, ' ', 1)`, website: sponsors.websiteUrl, created_at: sponsors.createdAt, country: countries.name };

beforeAll(async () => {
  database = await openTestDatabase();
  const [zeta, alfa] = await database.db
    .insert(countries)
    .values([
      { name: 'Zeta de exportación', code: 'ZE' },
      { name: 'Alfa de exportación', code: 'AE' },
    ])
    .returning({ id: countries.id });
  // Three kinds of name, three moments and a website on two rows in three: every sort meets ties and nulls.
  await database.db.execute(sql`
    insert into sponsors (name, country_id, website_url, created_at)
    select (array['Banco', 'Aseguradora', 'Grúa'])[1 + n % 3] || ' ' || lpad(n::text, 2, '0'),
      case when n % 2 = 0 then ${zeta!.id}::int else ${alfa!.id}::int end,
      case when n % 3 = 0 then null else 'https://s' || (n % 4)::text || '.test' end,
      timestamptz '2026-01-01 10:00:00.123456' + (n % 3) * interval '1 microsecond'
    from generate_series(1, ${SPONSORS}) n`);
});
afterAll(() => database?.close());

const joined = (selection: Record<string, SQL | PgColumn>) => database.db.select(selection).from(sponsors).innerJoin(countries, eq(countries.id, sponsors.countryId)).$dynamic();

async function exported(sort: SortTerm[], where?: SQL): Promise<number[]> {
  const ids: number[] = [];
  for await (const batch of idBatches({ db: database.db, table: sponsors, id: sponsors.id, sorts, joinedForSort: joined }, where, sort, 4)) {
    expect(batch.length).toBeLessThanOrEqual(4);
    ids.push(...batch);
  }
  return ids;
}

async function plain(sort: SortTerm[], where?: SQL): Promise<number[]> {
  const order = [...sort.map(({ field, direction }) => (direction === 'asc' ? asc : desc)(sorts[field as keyof typeof sorts])), (sort[0]?.direction === 'desc' ? desc : asc)(sponsors.id)];
  const rows = await database.db.select({ id: sponsors.id }).from(sponsors).innerJoin(countries, eq(countries.id, sponsors.countryId)).where(where).orderBy(...order);
  return rows.map((row) => row.id);
}

const term = (field: string, direction: 'asc' | 'desc' = 'asc'): SortTerm => ({ field, direction });

describe('idBatches', () => {
  it.each([
    ['no sort (by id)', []],
    ['newest first, ties to the microsecond', [term('created_at', 'desc')]],
    ['by name', [term('name')]],
    ['by an expression with ties', [term('kind', 'desc')]],
    ['by a column with nulls, ascending (nulls last)', [term('website')]],
    ['by a column with nulls, descending (nulls first)', [term('website', 'desc')]],
    ['two terms running opposite ways', [term('kind'), term('website', 'desc')]],
    ['three terms, nulls in the middle', [term('created_at', 'desc'), term('website'), term('kind', 'desc')]],
    ['by a joined table’s column', [term('country', 'desc'), term('kind')]],
  ] as [string, SortTerm[]][])('%s: every row once, in the list’s order', async (_name, sort) => {
    const ids = await exported(sort);
    expect(ids).toHaveLength(SPONSORS);
    expect(ids).toEqual(await plain(sort));
  });

  it('reads only the rows the condition keeps, and nothing when none', async () => {
    const banks = sql`${sponsors.name} like 'Banco%'`;
    expect(await exported([term('website')], banks)).toEqual(await plain([term('website')], banks));
    expect(await exported([term('name')], sql`false`)).toEqual([]);
  });
});
