/**
 * How a list reads one page and its total. `pageReader` chooses one of four ways, by what the list
 * knows (a tallied total, a search, a sort on the list's own table or on a joined one); each way
 * answers the same page as the plain `order by …, id limit … offset …` would, and the same total.
 */
import { EXACT_TOTAL_LIMIT } from '@contract/common';
import { asc, Column, desc, is, SQL, sql, type AnyColumn, type Table } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { topPlanNode } from '../db/explain';
import { talliedRows } from '../db/tallies';
import { pageOf, type PageRows, rowsOf } from './item-sql';
import type { ListQuery, SortTerm } from './list-query';

/** How many rows a list holds: exact up to EXACT_TOTAL_LIMIT, the planner's estimate past it. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** A page's rows (`found`, the JSON text of `items`) and the list's total. */
export type CountedPage = PageRows & { counted: ListTotal };

/** The rows a page is read from: `table`'s matching `where`, in `sort` (each name a column or expression of `sorts`). */
export interface PagedList {
  db: Db;
  table: PgTable;
  id: PgColumn;
  where: SQL | undefined;
  sort: SortTerm[];
  sorts: Record<string, AnyColumn | SQL>;
}

/** One page: `limit` ids read from `offset` (one past the `shown` rows, which says whether another page follows). */
export interface PageWindow {
  limit: number;
  offset: number;
  shown: number;
}

/** The window of page `page` of `limit` rows. */
export const windowOf = (page: number, limit: number): PageWindow => ({ limit: limit + 1, offset: (page - 1) * limit, shown: limit });

/** ORDER BY for the parsed sort terms; `columns` maps each allowed sort name to its column. */
const orderByTerms = (sort: SortTerm[], columns: Record<string, AnyColumn | SQL>): SQL[] =>
  sort.map(({ field, direction }) => {
    const column = columns[field];
    if (!column) throw new Error(`Sort field without a column: ${field}`);
    return direction === 'asc' ? asc(column) : desc(column);
  });

/** The sort term the other way round (ascending ↔ descending, and so nulls last ↔ first). */
const flipped = (term: SortTerm): SortTerm => ({ ...term, direction: term.direction === 'asc' ? 'desc' : 'asc' });

/** Ties are broken by id in the direction of the first sort term. */
const tiebreakOf = (list: PagedList): 'asc' | 'desc' => list.sort[0]?.direction ?? 'asc';

/** The list's ORDER BY, its tiebreak by id last. */
const orderOf = (list: PagedList): SQL[] => [...orderByTerms(list.sort, list.sorts), tiebreakOf(list) === 'desc' ? desc(list.id) : asc(list.id)];

/** The tables an ORDER BY term reads: a column's own, or those of the columns inside an expression. */
function tablesOf(term: unknown): Table[] {
  if (is(term, Column)) return [term.table];
  if (is(term, SQL)) return term.queryChunks.flatMap(tablesOf);
  return Array.isArray(term) ? term.flatMap(tablesOf) : [];
}

/** True when `term` reads only `table`'s columns, so the page's ids can be sorted on that table alone. */
export const readsOnly = (term: AnyColumn | SQL, table: PgTable): boolean => tablesOf(term).every((read) => read === table);

/** ` where …`, or nothing without a condition. */
const whereClause = (where: SQL | undefined): SQL => (where ? sql` where ${where}` : sql``);

/** The rows of `table` matching `where`, as a count or the planner's estimate reads them. */
const matchingRows = (table: PgTable, where: SQL | undefined): SQL => sql`select 1 from ${table}${whereClause(where)}`;

/**
 * The ids of `table`'s rows matching `where`, in `order`, one window of them. Written as a template:
 * drizzle's select builder costs more CPU than the statement's own text.
 */
const idsInOrder = (list: { table: PgTable; id: PgColumn }, where: SQL | undefined, order: SQL[], window: { limit: number; offset: number }): SQL =>
  sql`select ${list.id} from ${list.table}${whereClause(where)} order by ${sql.join(order, sql`, `)} limit ${window.limit} offset ${window.offset}`;

/**
 * The rows of `table` matching `where`, counted no further than EXACT_TOTAL_LIMIT + 1 (a page of
 * a million bookings must not count them all). Past the limit the planner's estimate answers: one
 * more statement, planned but not run.
 */
async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<ListTotal> {
  const [{ total } = { total: 0 }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as "total" from (${matchingRows(table, where)} limit ${EXACT_TOTAL_LIMIT + 1}) "matching"`),
  );
  return beyondExactLimit(db, table, where, total);
}

/** A count made to EXACT_TOTAL_LIMIT + 1 as the list's total: past the limit, the planner's estimate. */
async function beyondExactLimit(db: Db, table: PgTable, where: SQL | undefined, counted: number): Promise<ListTotal> {
  if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, estimated: false };
  const planned = topPlanNode(await db.execute(sql`explain (format json) ${matchingRows(table, where)}`))?.['Plan Rows'] ?? 0;
  return { total: Math.max(counted, Math.round(planned)), estimated: true };
}

/**
 * A page of a list whose total is `known` without counting (a tally): nothing to count, and a page
 * past the middle is read from the other end in the reverse order, passing over fewer of the sort
 * index's entries, then put back in order. A page past the end is empty without a statement.
 */
export async function talliedPage(list: PagedList, window: PageWindow, known: number, presenter: SQL): Promise<CountedPage> {
  const size = Math.min(window.shown, known - window.offset);
  const counted = { total: known, estimated: false };
  if (size <= 0) return { found: 0, items: '[]', counted };
  const fromEnd = window.offset > known / 2;
  const reverse = [...orderByTerms(list.sort.map(flipped), list.sorts), tiebreakOf(list) === 'desc' ? asc(list.id) : desc(list.id)];
  const ids = idsInOrder(list, list.where, fromEnd ? reverse : orderOf(list), { limit: size, offset: fromEnd ? known - window.offset - size : window.offset });
  // Read from the end, the ids come the other way round: their positions, reversed, put them back.
  const inOrder = fromEnd
    ? sql`array(select "read"."id" from unnest(array(${ids})) with ordinality as "read"("id", "at") order by "read"."at" desc)`
    : sql`array(${ids})`;
  const [row] = rowsOf<PageRows>(await list.db.execute(pageOf(inOrder, window.shown, presenter)));
  return { ...row!, counted };
}

/**
 * A searched list's page and its total, in one statement that finds the matching rows once: their
 * ids and sort keys, at most EXACT_TOTAL_LIMIT + 1 of them, are kept; when that is all of them,
 * they are counted and the page is cut from them, and only past the limit is the page read through
 * the sort's index as usual. Counting and paging each on their own found the same rows twice, and a
 * search's matches cost as much to find as the rest of its page. "page" is materialized because two
 * places read its ids: left to be inlined, each sorted the matches again.
 */
export async function searchedPage(list: PagedList, window: PageWindow, presenter: SQL): Promise<CountedPage> {
  const sort = list.sort.map(({ field, direction }) => ({ term: list.sorts[field]!, direction }));
  const keys = sort.map(({ term }, index) => sql`${term} as ${sql.identifier(`key${index}`)}`);
  const kept = sort.map(({ direction }, index) => sql`${sql.identifier(`key${index}`)} ${sql.raw(direction)}`);
  const tiebreak = sql`"id" ${sql.raw(tiebreakOf(list))}`;
  const pageIds = idsInOrder(list, list.where, orderOf(list), window);
  const matching = sql`select ${list.id} as "id"${sql.join(keys.map((key) => sql`, ${key}`))} from ${list.table}${whereClause(list.where)} limit ${EXACT_TOTAL_LIMIT + 1}`;
  const answer = await list.db.execute(sql`
    with "matching" as materialized (${matching}), "total" as (select count(*)::int as "counted" from "matching"),
    "page" as materialized (
      select "counted", ${window.shown}::int as "shown",
        case when "counted" <= ${EXACT_TOTAL_LIMIT}
          then array(select "id" from "matching" order by ${sql.join([...kept, tiebreak], sql`, `)} limit ${window.limit} offset ${window.offset})
          else array(${pageIds})
        end as "ids"
      from "total")
    select "counted", cardinality("page"."ids")::int as "found", ${presenter} as "items" from "page"`);
  const [row] = rowsOf<PageRows & { counted: number }>(answer);
  return { ...row!, counted: await beyondExactLimit(list.db, list.table, list.where, row!.counted) };
}

/**
 * A deferred join: the rows a deep page skips are passed over as ids in the sort's index (an
 * index-only scan), and only the page's rows are read and presented; counted beside it.
 */
export async function deferredJoinPage(list: PagedList, window: PageWindow, presenter: SQL): Promise<CountedPage> {
  const ids = idsInOrder(list, list.where, orderOf(list), window);
  const [page, counted] = await Promise.all([list.db.execute(pageOf(sql`array(${ids})`, window.shown, presenter)), countRows(list.db, list.table, list.where)]);
  return { ...rowsOf<PageRows>(page)[0]!, counted };
}

/**
 * A page sorted on another table's column (a sale by its plan's price): its ids read through
 * `joined`, the list's ids with the joins the sort reads, then presented as a deferred join's are.
 */
export async function joinedSortPage(list: PagedList, joined: JoinedRows, window: PageWindow, presenter: SQL): Promise<CountedPage> {
  const ids = joined({ id: list.id }).where(list.where).orderBy(...orderOf(list)).limit(window.limit).offset(window.offset);
  const [page, counted] = await Promise.all([list.db.execute(pageOf(sql`array(${ids})`, window.shown, presenter)), countRows(list.db, list.table, list.where)]);
  return { ...rowsOf<PageRows>(page)[0]!, counted };
}

/**
 * The list's rows with the joins a sort on another table's column reads (a sale by its plan's
 * price), selecting `selection`: a page selects their ids, an export their ids and sort keys.
 */
export type JoinedRows = (selection: Record<string, SQL | PgColumn>) => PgSelect;

/** What a list declares that decides how its pages are read. */
export interface PageSource {
  db: Db;
  table: PgTable;
  id: PgColumn;
  sorts: Record<string, AnyColumn | SQL>;
  /** Which filters are text searches (`q` always is). */
  filters: Record<string, { search?: true }>;
  /** The table's name in `row_tallies`: the list without filters has its total without counting. */
  tallied?: string;
  /** The ids with the joins a sort on another table's column reads. */
  joinedForSort?: JoinedRows;
}

/**
 * The page reader of a list: for a query, its condition, the exact total its caller may know
 * (`exactTotal`, null when not) and the presenter of its items, the page and its total.
 */
export function pageReader(source: PageSource) {
  /** The sorts that read only the list's own table, whose page's ids the table's indexes give alone. */
  const ownSorts = new Set(Object.keys(source.sorts).filter((name) => readsOnly(source.sorts[name]!, source.table)));
  const isSearch = (name: string) => name === 'q' || source.filters[name]?.search === true;

  return async (
    query: ListQuery,
    where: SQL | undefined,
    exactTotal: ((filters: Record<string, string>) => Promise<number | null>) | undefined,
    presenter: SQL,
  ): Promise<CountedPage> => {
    const list: PagedList = { db: source.db, table: source.table, id: source.id, where, sort: query.sort, sorts: source.sorts };
    const window = windowOf(query.page, query.limit);
    const ownTable = query.sort.every(({ field }) => ownSorts.has(field));
    // A total known without counting (the caller's, or the tally of the unfiltered list) spares the count.
    const tally = exactTotal ?? (source.tallied && where === undefined ? () => talliedRows(source.db, source.tallied!) : undefined);
    const known = tally && ownTable ? await tally(query.filters) : null;
    if (known !== null) return talliedPage(list, window, known, presenter);
    // A search has few matches, each costly to find: found once for the page and the total. A plain
    // filter often keeps most of a list, and keeping its first matches costs more than counting them.
    if (ownTable && Object.keys(query.filters).some(isSearch)) return searchedPage(list, window, presenter);
    if (ownTable) return deferredJoinPage(list, window, presenter);
    return joinedSortPage(list, source.joinedForSort!, window, presenter);
  };
}
