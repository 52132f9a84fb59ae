import { getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

type Values = Record<string, unknown>;

/**
 * Inserts many rows in one statement with one parameter: their JSON, read by PostgreSQL itself
 * (dates, numerics, enums and jsonb alike), where a multi-row VALUES binds a parameter per cell.
 * Columns not in the rows get their defaults. Answers the `returning` columns (by SQL name) of
 * each row inserted, in the rows' order.
 */
export async function insertMany<T extends PgTable>(conn: Db | Tx, table: T, rows: readonly Partial<T['$inferInsert']>[], returning: readonly AnyColumn[] = []): Promise<Values[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, AnyColumn>;
  const keys = Object.keys(rows[0]!);
  const names = keys.map((key) => columns[key]!.name);
  const json = rows.map((row) => Object.fromEntries(keys.map((key, index) => [names[index], (row as Values)[key] ?? null])));
  const list = sql.join(names.map((name) => sql.identifier(name)), sql`, `);
  const answer = await conn.execute(sql`insert into ${table} (${list})
    select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(json)}::jsonb) with ordinality as r
    order by r.ordinality
    ${returning.length > 0 ? sql`returning ${sql.join(returning.map((column) => sql.identifier(column.name)), sql`, `)}` : sql``}`);
  return (answer as unknown as { rows: Values[] }).rows;
}
