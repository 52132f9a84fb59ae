/**
 * A resource's item as the API answers it, written once as SQL: each contract field's expression
 * and each relation as a JSON subquery. PostgreSQL then writes a page of items (or one, for a
 * detail or a write) as JSON text that the API sends as it comes (see ./list.ts on the two ways
 * JSON leaves the server).
 *
 * `defineItem` takes the contract's zod item, and the compiler holds the SQL to it: `fields` must
 * write exactly the contract's fields, `relations` exactly its relations (an optional key is one
 * that `include` adds; a required one that is a relation is in every answer), and each relation
 * exactly the keys of the contract's related object. A field that is the column of the same name
 * (`dsp_id`, `dspId`) is named in `sameNamed`; the other expressions write what the contract
 * says: timestamps as `toISOString` (`isoTime`), files' addresses from their keys (`fileUrl`),
 * money as a number (`money`); CHECK_ANSWERS holds their types to it in the tests.
 */
import { type AnyColumn, getTableName, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { STORAGE_URL_PREFIX } from '../storage/storage';

/** The value of one field: a column or an expression over the row. */
export type FieldValue = SQLWrapper | AnyColumn;

/** The keys an object type must have (its optional ones left out): a contract item's fields. */
export type RequiredKeys<O> = { [K in keyof O]-?: object extends Pick<O, K> ? never : K }[keyof O] & string;
/** The keys an object type may leave out: a contract item's relations that `include` adds. */
export type OptionalKeys<O> = Exclude<keyof O & string, RequiredKeys<O>>;
/** The object a relation key holds: the element of an array, without null or undefined. */
type RelatedObject<V> = NonNullable<V> extends readonly (infer E)[] ? NonNullable<E> : NonNullable<V>;

declare const writesKeys: unique symbol;

/**
 * A relation of an item: its JSON (an object, null, or an array) as a subquery over `row`, with
 * the paths asked under it in `nested` ('services' for 'plans.services'). `path` names the
 * relation's table aliases, unique within the statement (a category's parent is a category too).
 * `K` are the keys each related object carries, so that the compiler can hold them to the contract.
 */
export type Relation<T, K extends string> = WriteRelation<T> & { readonly [writesKeys]: (keys: K) => K };
/** A relation's SQL, whatever keys it writes. */
type WriteRelation<T> = (row: T, nested: readonly string[], path: string) => SQL;

const relationOf = <T, K extends string>(write: WriteRelation<T>): Relation<T, K> => write as Relation<T, K>;

export interface ItemSql<T extends PgTable = PgTable, O = Record<string, unknown>> {
  /** The contract's item that this SQL writes. */
  contract: z.ZodObject;
  table: T;
  /** The table's primary key: a page and a write present their items by id. */
  id: PgColumn;
  /**
   * Each contract field's value over `row` (the table, or an alias of it under a relation), in the
   * order answers write them. A field may be a relation, in every answer whatever `include` says
   * (a campaign category's catalogue parent, a sale's customer); sparse `fields` can leave it out.
   */
  fields: (row: T) => Record<string, FieldValue | WriteRelation<T>>;
  /** The relations `include` adds, written after the fields. */
  relations: Record<string, WriteRelation<T>>;
  /** Only for the compiler: the contract's answer. */
  readonly answer?: O;
}

/** What a field of the contract's type `V` is written as: an expression, or a relation writing its related object's keys. */
type FieldFor<T, V> = FieldValue | Relation<T, RequiredKeys<RelatedObject<V>>>;

/**
 * The SQL of an item answering `O`: `fields` returns exactly its required keys (a missing one is
 * missing, an extra one is `never`) and `relations` holds exactly its optional ones, each relation
 * writing exactly the keys of its related object.
 */
type ItemSpec<T extends PgTable, O, F> = {
  table: T;
  id: PgColumn;
  fields: (row: T) => F & { [K in RequiredKeys<O>]: FieldFor<T, O[K]> } & { [K in Exclude<keyof F, RequiredKeys<O>>]: never };
} & ([OptionalKeys<O>] extends [never] ? { relations?: undefined } : { relations: { [K in OptionalKeys<O>]: Relation<T, RequiredKeys<RelatedObject<O[K]>>> } });

/**
 * The SQL of the contract's item `contract`. The keys are checked again when it is defined (the
 * compiler cannot follow an item typed by hand, as a recursive one is), and so every constant in
 * its fields is rendered then (see `constant`).
 */
export function defineItem<Z extends z.ZodObject, T extends PgTable, F>(contract: Z, spec: ItemSpec<T, z.output<Z>, F>): ItemSql<T, z.output<Z>> {
  const fields = spec.fields as ItemSql<T>['fields'];
  const relations: Record<string, WriteRelation<T>> = spec.relations ?? {};
  const optional = (key: string) => contract.shape[key]!._zod.optout === 'optional';
  const wanted = Object.keys(contract.shape);
  const written = Object.keys(fields(spec.table));
  const differ = (keys: string[], want: string[]) => keys.length !== want.length || keys.some((key) => !want.includes(key));
  if (differ(written, wanted.filter((key) => !optional(key))) || differ(Object.keys(relations), wanted.filter(optional))) {
    throw new Error(`El SQL de un elemento escribe ${written.join(', ')} y las relaciones ${Object.keys(relations).join(', ')}; el contrato pide ${wanted.join(', ')}`);
  }
  return { contract, table: spec.table, id: spec.id, fields, relations };
}

/** The zod object a relation key of `contract` holds (unwrapped from optional, nullable and array): the contract of a related item. */
export function relatedContract<Z extends z.ZodObject, K extends keyof Z['shape'] & string>(contract: Z, key: K): z.ZodObject<RelatedShape<Z['shape'][K]>> {
  let schema = contract.shape[key] as z.ZodType;
  for (;;) {
    const def = schema._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType };
    if (def.type === 'object') return schema as z.ZodObject<RelatedShape<Z['shape'][K]>>;
    const inner = def.innerType ?? def.element;
    if (!inner) throw new Error(`La clave ${key} del contrato no es una relación`);
    schema = inner;
  }
}
type RelatedShape<S> =
  S extends z.ZodOptional<infer I> ? RelatedShape<I>
  : S extends z.ZodNullable<infer I> ? RelatedShape<I>
  : S extends z.ZodArray<infer I> ? RelatedShape<I>
  : S extends z.ZodObject<infer Shape> ? Shape
  : never;

/**
 * A constant as a literal in the statement's text. Presenters are rendered once and kept as text
 * without parameters, so a constant is written only when it needs no escaping: one with a quote,
 * a backslash or a control character is refused when its item is defined.
 */
export const constantText = (value: string): string => {
  if (!/^[^'\\\p{Cc}]*$/u.test(value)) throw new Error(`Constante que no se puede escribir en el SQL sin escaparla: ${JSON.stringify(value)}`);
  return `'${value}'`;
};

/** `constantText` as SQL. */
export const constant = (value: string): SQL => sql.raw(constantText(value));

/** A contract key as drizzle names the column of the same name: `dsp_id` → `dspId`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
/** Each of `K` whose camelCase names a column of `T`; the others are `never`, so that passing one does not compile. */
type ColumnKey<T, K extends string> = K extends unknown ? (CamelCase<K> extends keyof T ? (T[CamelCase<K>] extends AnyColumn ? K : never) : never) : never;

const camelCase = (key: string): string => key.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The fields of `row` that are its columns of the same name (`dsp_id: row.dspId`), in the order
 * of `keys`: an item's `fields` spreads them and writes out only the fields with SQL of their own.
 */
export function sameNamed<T, const K extends string>(row: T, keys: readonly K[] & readonly ColumnKey<T, K>[]): { [P in K]: T[CamelCase<P> & keyof T] } {
  return Object.fromEntries(
    keys.map((key) => {
      const column = row[camelCase(key) as keyof T];
      if (column === undefined) throw new Error(`La tabla no tiene la columna ${camelCase(key)} de la clave ${key}`);
      return [key, column];
    }),
  ) as { [P in K]: T[CamelCase<P> & keyof T] };
}

/** A timestamp as JavaScript's `toISOString` writes it: UTC, to the millisecond, with a Z. */
export const isoTime = (column: AnyColumn | SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stored file's address from its key (`/storage/<key>`), null without one, as storage's `url` writes it. */
export const fileUrl = (column: AnyColumn): SQL => sql`(${constant(STORAGE_URL_PREFIX)} || nullif(${column}, ''))`;

/** A numeric column as a JSON number (drivers read numeric as text to keep every digit; the contract says number). */
export const money = (column: AnyColumn | SQL): SQL => sql`(${column})::float8`;

/** A value mapped through a fixed table (an enum shown under another name), as a CASE. */
export const mapped = (column: AnyColumn | SQL, map: Record<string, string>): SQL =>
  sql`(case ${column} ${sql.join(
    Object.entries(map).map(([from, to]) => sql`when ${constant(from)} then ${constant(to)}`),
    sql` `,
  )} end)`;

/** A JSON object of `values`, in their order, each key as the contract's object names it (an API client's rate limit). */
export const jsonObject = (values: Record<string, FieldValue>): SQL =>
  sql`json_build_object(${sql.join(
    Object.entries(values).map(([key, value]) => sql`${constant(key)}, ${value}`),
    sql`, `,
  )})`;

/** A jsonb object as a JSON object of exactly the keys of the contract's `object`, in its order, each null when absent (a customer's city and address). */
export const jsonKeys = (column: AnyColumn, object: z.ZodObject): SQL =>
  jsonObject(Object.fromEntries(Object.keys(object.shape).map((key) => [key, sql`${column} -> ${constant(key)}`])));

/** The relations asked for under `name`, relative to it: ['plans', 'plans.services'] → ['services'] for 'plans'. */
const nestedUnder = (name: string, includes: readonly string[]): string[] | null => {
  const asked = includes.filter((path) => path === name || path.startsWith(`${name}.`));
  return asked.length === 0 ? null : asked.filter((path) => path !== name).map((path) => path.slice(name.length + 1));
};

/**
 * The item over `row` as one JSON object: the fields asked for (every one when `fields` is null)
 * and the relations `includes` names. Keys come in the fields' order, then the relations'.
 */
export function itemJson<T extends PgTable>(item: ItemSql<T, unknown>, row: T, fields: readonly string[] | null, includes: readonly string[], path = 'item'): SQL {
  const columns: [string, FieldValue][] = [];
  for (const [name, value] of Object.entries(item.fields(row))) {
    if (fields && !fields.includes(name)) continue;
    columns.push([name, typeof value === 'function' ? value(row, nestedUnder(name, includes) ?? [], `${path}_${name}`) : value]);
  }
  for (const [name, relation] of Object.entries(item.relations)) {
    const nested = nestedUnder(name, includes);
    if (nested) columns.push([name, relation(row, nested, `${path}_${name}`)]);
  }
  // The record is named so that no column of the tables around it can be: `row_to_json` must read the record.
  return sql`(select row_to_json("_item") from (select ${sql.join(
    columns.map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  )}) "_item")`;
}

/**
 * `table` under the alias `name`: its columns (typed as the table's) and the FROM item that names
 * it (drizzle writes an alias in a template as its name alone).
 */
export const aliased = <T extends PgTable>(table: T, name: string): { related: T; from: SQL } => ({
  related: alias(table, name) as unknown as T,
  from: sql`${sql.identifier(getTableName(table))} ${sql.identifier(name)}`,
});

/** A relation to the one record `on` finds (a campaign's sponsor), null when there is none; `fields` picks some of its fields. */
export function one<T, R extends PgTable, O>(item: ItemSql<R, O>, on: (related: R, row: T) => SQL): Relation<T, RequiredKeys<O>>;
export function one<T, R extends PgTable, O, K extends RequiredKeys<O>>(item: ItemSql<R, O>, on: (related: R, row: T) => SQL, fields: readonly K[]): Relation<T, K>;
export function one<T, R extends PgTable, O>(item: ItemSql<R, O>, on: (related: R, row: T) => SQL, fields: readonly string[] | null = null): WriteRelation<T> {
  return relationOf((row: T, nested, path) => {
    const { related, from } = aliased(item.table, path);
    return sql`(select ${itemJson(item, related, fields, nested, path)} from ${from} where ${on(related, row)})`;
  });
}

/** A relation to the records `on` finds (a campaign's plans), as an array in `order`, empty when none. */
export const many = <T, R extends PgTable, O>(item: ItemSql<R, O>, on: (related: R, row: T) => SQL, order: (related: R) => (AnyColumn | SQL)[]): Relation<T, RequiredKeys<O>> =>
  relationOf((row: T, nested, path) => {
    const { related, from } = aliased(item.table, path);
    return sql`coalesce((select json_agg(${itemJson(item, related, null, nested, path)} order by ${sql.join(order(related), sql`, `)}) from ${from} where ${on(related, row)}), '[]'::json)`;
  });

/**
 * A relation made when the statement is written, from its path: one whose item is the item's own
 * (a category's parent), defined after it, or one whose SQL names aliases of its own.
 */
export const relationAt = <T, K extends string>(make: (path: string) => Relation<T, K>): Relation<T, K> =>
  relationOf((row: T, nested, path) => make(path)(row, nested, path));

/** `relation` with `paths` always asked under it, besides those the request names (a plan's services with their category). */
export const withNested = <T, K extends string>(paths: readonly string[], relation: Relation<T, K>): Relation<T, K> =>
  relationOf((row: T, nested, path) => relation(row, [...paths, ...nested], path));

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
 * Rendered once per shape and kept as text (drizzle builds a statement slowly next to a cheap
 * list's SQL), which is why it holds no parameters.
 */
export function presenterOf<T extends PgTable>(item: ItemSql<T, unknown>) {
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
