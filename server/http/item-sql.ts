/**
 * A resource's item as the API answers it, written once as SQL: each contract field's expression
 * and each relation as a JSON subquery. PostgreSQL then writes a page of items (or one, for a
 * detail or a write) as JSON text that the API sends as it comes, instead of the API reading
 * rows, looking their relations up, presenting and serialising them. On the cheap lists that work
 * was most of the answer's time: roles took 5.4 ms against 2.9 ms of SQL, and 1.6 ms written by
 * PostgreSQL (docs/performance-log.md, the twenty-first and twenty-second passes).
 *
 * The expressions write what the JavaScript presenters wrote: timestamps as `toISOString`
 * (`isoTime`), files' addresses from their keys (`fileUrl`), money as a number (`money`). The tests
 * hold every answer to the contract (CHECK_ANSWERS), so an expression of the wrong type fails them.
 */
import { type AnyColumn, getTableName, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { STORAGE_URL_PREFIX } from '../storage/storage';

/**
 * A relation of an item: its JSON (an object, null, or an array) as a subquery over `row`, with
 * the paths asked under it in `nested` ('services' for 'plans.services'). `path` names the
 * relation's table aliases, unique within the statement (a category's parent is a category too).
 */
export type Relation<T> = (row: T, nested: readonly string[], path: string) => SQL;

export interface ItemSql<T extends PgTable = PgTable> {
  table: T;
  /** The table's primary key: a page and a write present their items by id. */
  id: PgColumn;
  /** Each contract field's value over `row` (the table, or an alias of it under a relation), in the contract's order. */
  fields: (row: T) => Record<string, SQLWrapper | AnyColumn>;
  relations?: Record<string, Relation<T>>;
  /**
   * Relations that are fields of the item, in every answer whatever `include` says (a campaign
   * category's catalogue parent, a sale's customer); sparse `fields` can leave them out.
   */
  always?: readonly string[];
}

export const defineItem = <T extends PgTable>(item: ItemSql<T>): ItemSql<T> => item;

/** A constant as a literal in the statement's text: presenters are rendered once and kept, so they carry no parameters. */
export const literal = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** A timestamp as JavaScript's `toISOString` writes it: UTC, to the millisecond, with a Z. */
export const isoTime = (column: AnyColumn | SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stored file's address from its key (`/storage/<key>`), null without one, as storage's `url` writes it. */
export const fileUrl = (column: AnyColumn): SQL => sql`(${literal(STORAGE_URL_PREFIX)} || nullif(${column}, ''))`;

/** A numeric column as a JSON number (drivers read numeric as text to keep every digit; the contract says number). */
export const money = (column: AnyColumn | SQL): SQL => sql`(${column})::float8`;

/** A value mapped through a fixed table (an enum shown under another name), as a CASE. */
export const mapped = (column: AnyColumn | SQL, map: Record<string, string>): SQL =>
  sql`(case ${column} ${sql.join(
    Object.entries(map).map(([from, to]) => sql`when ${literal(from)} then ${literal(to)}`),
    sql` `,
  )} end)`;

/** A jsonb object as a JSON object of exactly `keys`, in that order, each null when absent (a customer's city and address). */
export const jsonKeys = (column: AnyColumn, keys: readonly string[]): SQL =>
  sql`json_build_object(${sql.join(
    keys.map((key) => sql`${literal(key)}, ${column} -> ${literal(key)}`),
    sql`, `,
  )})`;

/** The relations asked for under `name`, relative to it: ['plans', 'plans.services'] → ['services'] for 'plans'. */
const nestedUnder = (name: string, includes: readonly string[]): string[] | null => {
  const asked = includes.filter((path) => path === name || path.startsWith(`${name}.`));
  return asked.length === 0 ? null : asked.filter((path) => path !== name).map((path) => path.slice(name.length + 1));
};

/**
 * The item over `row` as one JSON object: the fields asked for (every one when `fields` is null)
 * and the relations `includes` names. Keys come in the fields' order, then the relations'.
 */
export function itemJson<T extends PgTable>(item: ItemSql<T>, row: T, fields: readonly string[] | null, includes: readonly string[], path = 'item'): SQL {
  const columns: SQL[] = [];
  for (const [name, value] of Object.entries(item.fields(row))) {
    if (!fields || fields.includes(name)) columns.push(sql`${value} as ${sql.identifier(name)}`);
  }
  for (const [name, relation] of Object.entries(item.relations ?? {})) {
    const field = item.always?.includes(name) ?? false;
    const nested = nestedUnder(name, includes) ?? (field ? [] : null);
    if (nested && (!field || !fields || fields.includes(name))) columns.push(sql`${relation(row, nested, `${path}_${name}`)} as ${sql.identifier(name)}`);
  }
  // The record is named so that no column of the tables around it can be: `row_to_json` must read the record.
  return sql`(select row_to_json("_item") from (select ${sql.join(columns, sql`, `)}) "_item")`;
}

/**
 * `table` under the alias `name`: its columns (typed as the table's) and the FROM item that names
 * it (drizzle writes an alias in a template as its name alone).
 */
export const aliased = <T extends PgTable>(table: T, name: string): { related: T; from: SQL } => ({
  related: alias(table, name) as unknown as T,
  from: sql`${sql.identifier(getTableName(table))} ${sql.identifier(name)}`,
});

/** A relation to the one record `on` finds (a campaign's sponsor), null when there is none. */
export const one =
  <T, R extends PgTable>(item: ItemSql<R>, on: (related: R, row: T) => SQL, fields: readonly string[] | null = null): Relation<T> =>
  (row, nested, path) => {
    const { related, from } = aliased(item.table, path);
    return sql`(select ${itemJson(item, related, fields, nested, path)} from ${from} where ${on(related, row)})`;
  };

/** A relation to the records `on` finds (a campaign's plans), as an array in `order`, empty when none. */
export const many =
  <T, R extends PgTable>(item: ItemSql<R>, on: (related: R, row: T) => SQL, order: (related: R) => (AnyColumn | SQL)[]): Relation<T> =>
  (row, nested, path) => {
    const { related, from } = aliased(item.table, path);
    return sql`coalesce((select json_agg(${itemJson(item, related, null, nested, path)} order by ${sql.join(order(related), sql`, `)}) from ${from} where ${on(related, row)}), '[]'::json)`;
  };

/** What a presenter shows: the fields asked for (null for all) and the relations to include. */
export interface Shape {
  fields: readonly string[] | null;
  includes: readonly string[];
}

const dialect = new PgDialect();

/** How many rendered presenters an item keeps (each combination of fields and includes has its own). */
const PRESENTERS_KEPT = 50;

/**
 * The presenter of `item`: for a shape, the text of a JSON array of the items whose ids the
 * statement around it holds in `"page"."ids"`, the first `"page"."shown"` of them, in that order.
 * Rendered once per shape and kept (building it with drizzle each time cost as much as answering a
 * cheap list), which is why it holds no parameters.
 */
export function presenterOf<T extends PgTable>(item: ItemSql<T>) {
  const kept = new Map<string, SQL>();
  return (shape: Shape): SQL => {
    const key = `${shape.fields?.join(',') ?? '*'}|${shape.includes.join(',')}`;
    let presenter = kept.get(key);
    if (!presenter) {
      const json = itemJson(item, item.table, shape.fields, shape.includes);
      // Each item is a subquery by its id, run once per id through the primary key: as a join, the
      // planner may hash the whole table for a page of 15.
      const rendered = dialect.sqlToQuery(sql`(select coalesce('[' || string_agg((select ${json} from ${item.table} where ${item.id} = "listed"."id")::text, ',' order by "listed"."at") || ']', '[]')
        from unnest("page"."ids"[1:"page"."shown"]) with ordinality as "listed"("id", "at"))`);
      if (rendered.params.length > 0) throw new Error(`Un presentador lleva parámetros: ${rendered.sql}`);
      presenter = sql.raw(rendered.sql);
      if (kept.size >= PRESENTERS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, presenter);
    }
    return presenter;
  };
}

/** `ids` as one int8[] parameter (see any-of.ts on why a literal): the page of a write or a detail. */
export const idArray = (ids: readonly number[]): SQL => sql`${sql.param(`{${ids.join(',')}}`)}::int8[]`;

/** What a page's statement answers: how many ids it found (up to one past the page) and the JSON text of the items shown. */
export interface PageRows {
  found: number;
  items: string;
}

/** The rows a statement answered: PGlite and pg both put them under `rows`. */
export const rowsOf = <R>(answer: unknown): R[] => (answer as { rows: R[] }).rows;

/**
 * The statement of one page: `ids` (an array expression, in the page's order, up to one past the
 * page for a list) and the JSON text of the first `shown` of their items, written by `presenter`.
 */
export const pageOf = (ids: SQL, shown: number, presenter: SQL): SQL =>
  // Materialized: as a subquery in FROM, the planner copied the ids' expression into both places that read it, and found the page twice.
  sql`with "page" as materialized (select ${ids} as "ids", ${shown}::int as "shown") select cardinality("page"."ids")::int as "found", ${presenter} as "items" from "page"`;

/** The JSON text of the items of `ids`, in that order (a missing id left out), as `db` (a write's transaction) reads them now. */
export async function itemsText(db: Db | Tx, ids: readonly number[], presenter: SQL): Promise<string> {
  const [row] = rowsOf<PageRows>(await db.execute(pageOf(idArray(ids), ids.length, presenter)));
  return row!.items;
}

/** The items of `ids` as `itemsText` reads them, parsed: what a write, or anything but a list or a detail, answers. */
export const presentItems = async <Item>(db: Db | Tx, ids: readonly number[], presenter: SQL): Promise<Item[]> =>
  ids.length === 0 ? [] : (JSON.parse(await itemsText(db, ids, presenter)) as Item[]);
