import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's columns but the `hidden` ones, for a select whose rows are only shown: a list of
 * customers or API clients has no use for their password or secret hashes, so it never reads them
 * (and the rows' type has no such key for a presenter to leak).
 */
export function columnsWithout<T extends Table, Hidden extends keyof T['_']['columns']>(table: T, ...hidden: Hidden[]): Omit<T['_']['columns'], Hidden> {
  const columns: Partial<T['_']['columns']> = { ...getTableColumns(table) };
  for (const key of hidden) delete columns[key];
  return columns as Omit<T['_']['columns'], Hidden>;
}
