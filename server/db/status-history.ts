import { desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { anyOf } from './any-of';
import type { Db, Tx } from './client';
import { users } from './schema';
import { appendTo } from './group-rows';

/** The columns every status-history table has (subscriptions', bookings'), and the one naming its record. */
export interface StatusHistoryTable {
  table: PgTable;
  id: AnyPgColumn;
  /** The record the row belongs to: `entitlement_id`, `booking_id`. */
  owner: AnyPgColumn;
  oldStatus: AnyPgColumn;
  newStatus: AnyPgColumn;
  reason: AnyPgColumn;
  changedBy: AnyPgColumn;
  createdAt: AnyPgColumn;
}

/** One status change as the API answers it: from (null on the first row), to, why, when and who. */
export interface StatusHistoryEntry<Status extends string> {
  id: number;
  old_status: Status | null;
  new_status: Status;
  reason: string | null;
  created_at: string;
  changed_by: { id: number; name: string } | null;
}

/** Each record's status changes, newest first, with who made each one, in one query. */
export async function statusHistoriesOf<Status extends string>(
  conn: Db | Tx,
  history: StatusHistoryTable,
  ids: number[],
): Promise<Map<number, StatusHistoryEntry<Status>[]>> {
  const byOwner = new Map<number, StatusHistoryEntry<Status>[]>();
  if (ids.length === 0) return byOwner;
  const rows = (await conn
    .select({
      owner: history.owner,
      id: history.id,
      oldStatus: history.oldStatus,
      newStatus: history.newStatus,
      reason: history.reason,
      createdAt: history.createdAt,
      staffId: users.id,
      staffName: users.name,
    })
    .from(history.table)
    .leftJoin(users, eq(users.id, history.changedBy))
    .where(anyOf(history.owner, ids))
    .orderBy(desc(history.createdAt), desc(history.id))) as {
    owner: number;
    id: number;
    oldStatus: Status | null;
    newStatus: Status;
    reason: string | null;
    createdAt: Date;
    staffId: number | null;
    staffName: string | null;
  }[];
  for (const row of rows) {
    const entry: StatusHistoryEntry<Status> = {
      id: row.id,
      old_status: row.oldStatus,
      new_status: row.newStatus,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
      changed_by: row.staffId === null || row.staffName === null ? null : { id: row.staffId, name: row.staffName },
    };
    appendTo(byOwner, row.owner, entry);
  }
  return byOwner;
}
