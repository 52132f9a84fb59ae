import { statusHistoryOf } from '@contract/common';
import { type AnyColumn, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { defineItem, isoTime, many, one, relatedContract, sameNamed } from '../http/item-sql';
import { users } from './schema';

/** The keys every status history answers (each table's statuses are its own). */
const statusHistory = statusHistoryOf(z.string());

/** A status-history table (subscriptions', bookings'): the columns every one of them has. */
type StatusHistoryTable = PgTable & {
  id: AnyPgColumn;
  oldStatus: AnyPgColumn;
  newStatus: AnyPgColumn;
  reason: AnyPgColumn;
  changedBy: AnyPgColumn;
  createdAt: AnyPgColumn;
};

/** Who made a status change, as the history shows them. */
const changedByItem = defineItem(relatedContract(statusHistory, 'changed_by'), { table: users, id: users.id, fields: (user) => sameNamed(user, ['id', 'name']) });

/** One status change as the API answers it: from (null on the first row), to, why, when and who (null once they are deleted). */
const statusHistoryItem = <T extends StatusHistoryTable>(table: T) =>
  defineItem(statusHistory, {
    table,
    id: table.id,
    // As the columns every history has: the compiler cannot look up the columns of a `T` not yet known.
    fields: (entry: StatusHistoryTable) => ({
      ...sameNamed(entry, ['id', 'old_status', 'new_status', 'reason']),
      created_at: isoTime(entry.createdAt),
      changed_by: one(changedByItem, (user, row: T) => eq(user.id, row.changedBy)),
    }),
  });

/** A record's status changes, newest first: `owner` is the history's column naming the record, `id` the record's own. */
export const statusHistories = <T extends StatusHistoryTable, R>(table: T, owner: (entry: T) => AnyColumn, id: (record: R) => AnyColumn) =>
  many(statusHistoryItem(table), (entry, record: R) => eq(owner(entry), id(record)), (entry) => [desc(entry.createdAt), desc(entry.id)]);
