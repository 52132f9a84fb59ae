/**
 * The one export of a list: the rows its filters, scope and sort select, every one of them, read
 * from the database in batches by keyset (the sort's values and the id of the last row read, never
 * an offset, so rows written meanwhile neither shift nor repeat a batch), each batch presented by
 * the list's own item SQL and written as CSV rows. Nothing but one batch is ever held in memory,
 * whatever the list's size, on PGlite as on PostgreSQL.
 */
import { asc, Column, desc, is, type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { presentItems, rowsOf } from './item-sql';
import { type JoinedRows, readsOnly } from './list-pages';
import type { SortTerm } from './list-query';

/** The clock of an export's times when its list takes no `tz`: the product's staff work in Colombia. */
export const EXPORT_TIME_ZONE = 'America/Bogota';

/** Rows read per statement while exporting. */
export const EXPORT_BATCH = 1000;

/** One column of a list's CSV: its Spanish header and its cell from the item as the list presents it. */
export interface CsvColumn<Item> {
  header: string;
  cell: (item: Item, context: CsvContext) => string | number | null | undefined;
}

/** What a cell may depend on besides its item. */
export interface CsvContext {
  /** The clock times are written on: the list's `tz` where it takes one, else Colombia's. */
  timeZone: string;
}

/** A list's CSV: its file's name, the relations its columns read and its columns. */
export interface CsvSpec<Item> {
  /** Before the date in the file's name: 'ventas' → 'ventas-2026-03-31.csv'. */
  file: string;
  /** What /api/docs calls the export: 'Los sponsors filtrados, en CSV'. */
  summary: string;
  /** The `include` paths the columns read (a booking's customer). */
  includes?: readonly string[];
  columns: readonly CsvColumn<Item>[];
  /** The time zone of the call (checked: a bad one is a 400 before any byte), when the list takes one. */
  timeZone?: (query: Record<string, unknown>) => string;
}

/** Where an export reads its rows: the list's table, its id, its sorts and the joins a sort on another table needs. */
export interface ExportSource {
  db: Db;
  table: PgTable;
  id: PgColumn;
  sorts: Record<string, AnyColumn | SQL>;
  joinedForSort?: JoinedRows;
}

interface KeyTerm {
  term: AnyColumn | SQL;
  direction: 'asc' | 'desc';
  /** True when the term can never be null (a NOT NULL column): its comparisons need no null cases. */
  notNull: boolean;
}

type KeyRow = Record<string, string | null>;

const keyName = (index: number) => `k${index}`;

/**
 * The rows after `last` in the order of `terms`, as PostgreSQL orders them (ascending puts nulls
 * last, descending first). The keys travel as text, each compared with its term's own type (the
 * parameter takes the type of the expression it is compared with). When every term runs one way
 * and no value is null, one row comparison, which the sort's index answers; otherwise, term by term.
 */
function after(terms: KeyTerm[], last: KeyRow): SQL {
  const values = terms.map((_, index) => last[keyName(index)] ?? null);
  const direction = terms[0]!.direction;
  const oneWay = terms.every((term) => term.direction === direction);
  if (oneWay && values.every((value) => value !== null) && (direction === 'desc' || terms.every((term) => term.notNull))) {
    const left = sql.join(terms.map(({ term }) => sql`${term}`), sql`, `);
    const right = sql.join(values.map((value) => sql`${value}`), sql`, `);
    return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const equal = (term: KeyTerm, value: string | null): SQL => (value === null ? sql`${term.term} is null` : sql`${term.term} = ${value}`);
  const beyond = (term: KeyTerm, value: string | null): SQL | null => {
    if (term.direction === 'asc') return value === null ? null : term.notNull ? sql`${term.term} > ${value}` : sql`(${term.term} > ${value} or ${term.term} is null)`;
    return value === null ? sql`${term.term} is not null` : sql`${term.term} < ${value}`;
  };
  const branches: SQL[] = [];
  terms.forEach((term, index) => {
    const past = beyond(term, values[index]!);
    if (past) branches.push(sql.join([...terms.slice(0, index).map((before, at) => equal(before, values[at]!)), past], sql` and `));
  });
  return branches.length === 0 ? sql`false` : sql`(${sql.join(branches.map((branch) => sql`(${branch})`), sql` or `)})`;
}

/**
 * The ids of every row `where` selects, in `sort` (ties by id, in the first term's direction, as
 * the list's pages), one batch at a time.
 */
export async function* idBatches(source: ExportSource, where: SQL | undefined, sort: SortTerm[], batch = EXPORT_BATCH): AsyncGenerator<number[]> {
  const tiebreak = sort[0]?.direction ?? 'asc';
  const terms: KeyTerm[] = [
    ...sort.map(({ field, direction }) => {
      const term = source.sorts[field];
      if (!term) throw new Error(`Sort field without a column: ${field}`);
      return { term, direction, notNull: is(term, Column) && term.notNull };
    }),
    { term: source.id, direction: tiebreak, notNull: true },
  ];
  const order = terms.map(({ term, direction }) => (direction === 'asc' ? asc(term) : desc(term)));
  const keys: Record<string, SQL> = Object.fromEntries(terms.map(({ term }, index) => [keyName(index), sql<string | null>`(${term})::text`]));
  const conditionAfter = (last: KeyRow | null): SQL | undefined => {
    const conditions = [where, last && after(terms, last)].filter((condition): condition is SQL => condition !== undefined && condition !== null);
    return conditions.length === 0 ? undefined : sql.join(conditions.map((condition) => sql`(${condition})`), sql` and `);
  };
  const read = async (last: KeyRow | null): Promise<KeyRow[]> => {
    const condition = conditionAfter(last);
    if (source.joinedForSort && !sort.every(({ field }) => readsOnly(source.sorts[field]!, source.table))) {
      return (await source.joinedForSort(keys).where(condition).orderBy(...order).limit(batch)) as KeyRow[];
    }
    const selected = sql.join(Object.entries(keys).map(([name, key]) => sql`${key} as ${sql.identifier(name)}`), sql`, `);
    const statement = sql`select ${selected} from ${source.table}${condition ? sql` where ${condition}` : sql``} order by ${sql.join(order, sql`, `)} limit ${batch}`;
    return rowsOf<KeyRow>(await source.db.execute(statement));
  };
  const idKey = keyName(terms.length - 1);
  let last: KeyRow | null = null;
  for (;;) {
    const rows = await read(last);
    if (rows.length > 0) yield rows.map((row) => Number(row[idKey]));
    if (rows.length < batch) return;
    last = rows.at(-1)!;
  }
}

/** Every item `where` selects in `sort`, presented by `presenter` (the list's item SQL), one batch at a time. */
export async function* exportedItems<Item>(source: ExportSource, where: SQL | undefined, sort: SortTerm[], presenter: SQL): AsyncGenerator<Item[]> {
  for await (const ids of idBatches(source, where, sort)) yield await presentItems<Item>(source.db, ids, presenter);
}
