import { count, eq, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { conflict, notFound } from '../http/errors';
import type { Db, Tx } from './client';
import { foreignKeyViolation } from './errors';

/** A table whose rows point at the record, and the 409 message for `total` of them. */
export interface Dependent {
  table: PgTable;
  column: AnyColumn;
  message: (total: number) => string;
}

/** '1 campaña' / '3 campañas'. */
export const countOf = (total: number, one: string, many: string) => (total === 1 ? `1 ${one}` : `${total} ${many}`);

/**
 * The one delete of a record that others may depend on, in one transaction: the row is locked
 * (404 when missing), each dependent table is counted and the first with rows answers 409 with its
 * message; a dependent added between the count and the delete is refused by the foreign key and
 * answered with `inUse`. `record` runs in the same transaction with the deleted row (the change
 * history's entry). Returns the deleted row, so the caller can remove its files after commit.
 */
export async function deleteWithDependents<T extends PgTable>(
  db: Db,
  target: { table: T; id: AnyColumn; value: number; notFound: string; inUse: string },
  dependents: readonly Dependent[],
  record?: (tx: Tx, row: T['$inferSelect']) => Promise<void>,
): Promise<T['$inferSelect']> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(target.table as PgTable).where(eq(target.id, target.value)).for('update');
      if (!row) throw notFound(target.notFound);
      for (const dependent of dependents) {
        const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(dependent.table).where(eq(dependent.column, target.value));
        if (total > 0) throw conflict(dependent.message(total));
      }
      await tx.delete(target.table).where(eq(target.id, target.value));
      await record?.(tx, row as T['$inferSelect']);
      return row as T['$inferSelect'];
    });
  } catch (error) {
    if (foreignKeyViolation(error)) throw conflict(target.inUse);
    throw error;
  }
}
