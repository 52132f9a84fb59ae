/**
 * Each way of reading a page answers what the plain query (`order by …, id limit … offset …`) and a
 * count would: the page's ids in order, the total, the last page; on the first page, one past the
 * middle, the last and one past the end.
 */
import { z } from 'zod';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements } from '../../tests/api/support/query-plans';
import type { Database } from '../db/client';
import { countries, sponsors } from '../db/schema';
import { containsText } from '../db/sortable-text';
import { openTestDatabase } from '../../tests/api/support/database';
import { defineItem, presenterOf } from './item-sql';
import { paginate } from './list';
import { deferredJoinPage, joinedSortPage, pageReader, searchedPage, talliedPage, windowOf, type CountedPage, type PagedList } from './list-pages';
import type { ListQuery, SortTerm } from './list-query';

const SPONSORS = 41;
const LIMIT = 6;
/** Seven pages: six of six rows, the last of five. */
const LAST_PAGE = Math.ceil(SPONSORS / LIMIT);

let database: Database;
let zeta: number;
let alfa: number;

const presenter = presenterOf(defineItem(z.object({ id: z.number(), name: z.string() }), { table: sponsors, id: sponsors.id, fields: (row) => ({ id: row.id, name: row.name }) }))({ fields: null, includes: [] });
const sorts = { name: sponsors.name, created_at: sponsors.createdAt, country: countries.name };
const joined = () => database.db.select({ id: sponsors.id }).from(sponsors).innerJoin(countries, eq(countries.id, sponsors.countryId)).$dynamic();

beforeAll(async () => {
  database = await openTestDatabase();
  const [z, a] = await database.db
    .insert(countries)
    .values([
      { name: 'Zeta de prueba', code: 'ZP' },
      { name: 'Alfa de prueba', code: 'AP' },
    ])
    .returning({ id: countries.id });
  [zeta, alfa] = [z!.id, a!.id];
  // Three moments, so every sort on the creation meets ties; two countries, alternating.
  await database.db.execute(sql`
    insert into sponsors (name, country_id, created_at)
    select (array['Banco', 'Aseguradora', 'Grúa'])[1 + n % 3] || ' ' || lpad(n::text, 2, '0') || ' de prueba',
      case when n % 2 = 0 then ${zeta}::int else ${alfa}::int end, timestamptz '2026-01-01' + (n % 3) * interval '1 day'
    from generate_series(1, ${SPONSORS}) n`);
});
afterAll(() => database?.close());

const listOf = (sort: SortTerm[], where?: SQL): PagedList => ({ db: database.db, table: sponsors, id: sponsors.id, where, sort, sorts });

/** The ids of page `page` as the plain query orders and cuts them. */
async function plainPage(order: SQL[], page: number, where?: SQL, join = false): Promise<number[]> {
  const base = join ? joined() : database.db.select({ id: sponsors.id }).from(sponsors).$dynamic();
  const rows = await base.where(where).orderBy(...order).limit(LIMIT).offset((page - 1) * LIMIT);
  return rows.map((row) => row.id);
}

/** What a client reads of a page: its ids, the total and the paginator's last page and next link. */
function seen(answer: CountedPage, page: number) {
  const ids = (JSON.parse(answer.items) as { id: number }[]).map((item) => item.id);
  const links = paginate(Math.min(answer.found, LIMIT), answer.counted, { page, limit: LIMIT }, { base: 'http://localhost/api/v1/sponsors', query: {} }, answer.found > LIMIT);
  return { ids, total: links.total, estimated: links.total_is_estimate, lastPage: links.last_page, next: links.next_page_url !== null };
}

const PAGES = [1, 2, 5, LAST_PAGE, LAST_PAGE + 1];
const NEWEST_FIRST: SortTerm[] = [{ field: 'created_at', direction: 'desc' }];
const NEWEST_FIRST_ORDER = [desc(sponsors.createdAt), desc(sponsors.id)];

describe('talliedPage', () => {
  it('answers the plain query’s page with the known total, a page past the middle read from the end', async () => {
    for (const page of PAGES) {
      const { result, statements } = await captureStatements(database.db, () => talliedPage(listOf(NEWEST_FIRST), windowOf(page, LIMIT), SPONSORS, presenter));
      expect(seen(result, page), `page ${page}`).toEqual({
        ids: await plainPage(NEWEST_FIRST_ORDER, page),
        total: SPONSORS,
        estimated: false,
        lastPage: LAST_PAGE,
        next: page < LAST_PAGE,
      });
      // Nothing counted; past the middle, read the other way and put back in order; past the end, no statement at all.
      expect(statements.map(({ text }) => text.includes('count(')), `page ${page}`).not.toContain(true);
      if (page > LAST_PAGE) expect(statements).toEqual([]);
      else expect(statements[0]!.text.includes('with ordinality as "read"'), `page ${page}`).toBe((page - 1) * LIMIT > SPONSORS / 2);
    }
  });

  it('keeps the ties in the direction of the first sort term on a page read from the end', async () => {
    const sort: SortTerm[] = [{ field: 'created_at', direction: 'asc' }];
    for (const page of [1, 5, LAST_PAGE]) {
      const answer = await talliedPage(listOf(sort), windowOf(page, LIMIT), SPONSORS, presenter);
      expect(seen(answer, page).ids).toEqual(await plainPage([asc(sponsors.createdAt), asc(sponsors.id)], page));
    }
  });
});

describe('searchedPage', () => {
  const banks = () => containsText(sponsors.name, 'banco');

  it('answers the matches’ page and their exact total from one statement', async () => {
    const [{ total }] = (await database.db.select({ total: sql<number>`count(*)::int` }).from(sponsors).where(banks())) as [{ total: number }];
    expect(total).toBe(13);
    const lastPage = Math.ceil(total / LIMIT);
    for (const page of [1, lastPage, lastPage + 1]) {
      const { result, statements } = await captureStatements(database.db, () => searchedPage(listOf(NEWEST_FIRST, banks()), windowOf(page, LIMIT), presenter));
      expect(seen(result, page), `page ${page}`).toEqual({
        ids: await plainPage(NEWEST_FIRST_ORDER, page, banks()),
        total,
        estimated: false,
        lastPage,
        next: page < lastPage,
      });
      expect(statements).toHaveLength(1);
    }
  });
});

describe('deferredJoinPage', () => {
  it('answers the plain query’s page and the counted total, filtered or not', async () => {
    for (const where of [undefined, eq(sponsors.countryId, alfa)]) {
      const [{ total }] = (await database.db.select({ total: sql<number>`count(*)::int` }).from(sponsors).where(where)) as [{ total: number }];
      const lastPage = Math.ceil(total / LIMIT);
      for (const page of [1, 2, Math.ceil(lastPage * 0.8), lastPage, lastPage + 1]) {
        const answer = await deferredJoinPage(listOf(NEWEST_FIRST, where), windowOf(page, LIMIT), presenter);
        expect(seen(answer, page), `page ${page} of ${total}`).toEqual({
          ids: await plainPage(NEWEST_FIRST_ORDER, page, where),
          total,
          estimated: false,
          lastPage,
          next: page < lastPage,
        });
      }
    }
  });
});

describe('joinedSortPage', () => {
  it('answers the page of a sort on a joined table’s column and the list’s counted total', async () => {
    const sort: SortTerm[] = [{ field: 'country', direction: 'desc' }, { field: 'created_at', direction: 'asc' }];
    const order = [desc(countries.name), asc(sponsors.createdAt), desc(sponsors.id)];
    const where = containsText(sponsors.name, 'de prueba');
    for (const page of PAGES) {
      const answer = await joinedSortPage(listOf(sort, where), joined, windowOf(page, LIMIT), presenter);
      expect(seen(answer, page), `page ${page}`).toEqual({
        ids: await plainPage(order, page, where, true),
        total: SPONSORS,
        estimated: false,
        lastPage: LAST_PAGE,
        next: page < LAST_PAGE,
      });
    }
    // The first pages hold Zeta's sponsors, the last Alfa's.
    const [first, last] = [await plainPage(order, 1, where, true), await plainPage(order, LAST_PAGE, where, true)];
    const countryOf = async (id: number) => (await database.db.select({ country: sponsors.countryId }).from(sponsors).where(eq(sponsors.id, id)))[0]!.country;
    expect(await countryOf(first[0]!)).toBe(zeta);
    expect(await countryOf(last[0]!)).toBe(alfa);
  });
});

describe('pageReader', () => {
  const query = (sort: SortTerm[], filters: Record<string, string> = {}): ListQuery => ({ filters, sort, includes: [], fields: null, page: 2, limit: LIMIT });

  /** Which way the page was read, told by the statements it sent. */
  async function wayOf(run: () => Promise<CountedPage>) {
    const { statements, result } = await captureStatements(database.db, run);
    const texts = statements.map(({ text }) => text);
    const way = texts.some((text) => text.includes('"matching" as materialized'))
      ? 'searched'
      : texts.some((text) => text.includes('join "countries"'))
        ? 'joined sort'
        : texts.some((text) => text.includes('count('))
          ? 'deferred join'
          : 'tallied';
    return { way, total: result.counted.total };
  }

  it('chooses by what the list knows: a total, a search, a sort on its own table or on a joined one', async () => {
    const reader = pageReader({ db: database.db, table: sponsors, id: sponsors.id, sorts, filters: { q: {}, country: {}, name: { search: true } }, joinedForSort: joined });
    const known = async () => SPONSORS;
    const unknown = async () => null;
    const byName = query(NEWEST_FIRST);
    const byCountry = query([{ field: 'country', direction: 'asc' }]);
    const ofCountry = eq(sponsors.countryId, zeta);
    expect(await wayOf(() => reader(byName, undefined, known, presenter))).toEqual({ way: 'tallied', total: SPONSORS });
    expect(await wayOf(() => reader(byName, undefined, unknown, presenter))).toEqual({ way: 'deferred join', total: SPONSORS });
    expect(await wayOf(() => reader(query(NEWEST_FIRST, { country: String(zeta) }), ofCountry, undefined, presenter))).toEqual({ way: 'deferred join', total: 20 });
    for (const filter of ['q', 'name']) {
      expect(await wayOf(() => reader(query(NEWEST_FIRST, { [filter]: 'banco' }), containsText(sponsors.name, 'banco'), undefined, presenter))).toMatchObject({ way: 'searched' });
    }
    // A sort on a joined table is never read by the tally's shortcut: its ids need the join.
    expect(await wayOf(() => reader(byCountry, undefined, known, presenter))).toEqual({ way: 'joined sort', total: SPONSORS });
  });
});
