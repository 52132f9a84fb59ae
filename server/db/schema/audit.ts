import type { AuditAction, AuditChange, AuditResource } from '@contract/audit';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The change history: one row per write. The actor's name and the record's label are copied at
 * the time of the write, so an entry still reads well after the person or the record is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    action: text('action').$type<AuditAction>().notNull(),
    resource: text('resource').$type<AuditResource>().notNull(),
    resourceId: integer('resource_id'),
    resourceLabel: text('resource_label'),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    /** The client's address as the access rules see it (TRUST_PROXY). */
    address: text('address'),
    /** The bulk call (`POST …/bulk`) the entry is one record of; null for a change made alone. */
    batchId: uuid('batch_id'),
    /**
     * An entry of a batch after its first: the history's list shows the batch as its first entry's
     * line (which opens to the rest), so the list reads `not batch_grouped`. Decided as the entry is
     * written (none of its batch there yet, or some), so the history stays append-only.
     */
    batchGrouped: boolean('batch_grouped').notNull().default(false),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_resource_idx').on(table.resource, table.resourceId, table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
    // A batch's own entries (filter[batch_id]), and its first entry and count when the list collapses it.
    index('audit_log_batch_idx').on(table.batchId, table.id),
    // The history's lines, newest first: its page and its count read no entry a batch's line holds.
    index('audit_log_lines_idx').on(table.createdAt).where(sql`not ${table.batchGrouped}`),
  ],
);

/** Rows a delete took with it from one table (a plan's DSP links, a role's permissions), as `to_jsonb` wrote them. */
export interface KeptRows {
  table: string;
  rows: Record<string, unknown>[];
}

/**
 * What a delete's entry needs to bring the record back: the row as it was (every column, by its
 * SQL name), the rows its delete cascaded away, and the files it pointed to, kept in storage until
 * RESTORE_WINDOW has passed since the entry. Written in the delete's own transaction.
 */
export const deletedRecords = pgTable('deleted_records', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => auditLog.id, { onDelete: 'cascade' }),
  row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  related: jsonb('related').$type<KeptRows[]>().notNull().default([]),
  files: text('files').array().notNull().default(sql`'{}'::text[]`),
  /** Set by the restore: its files belong to the record again, and a second restore is refused. */
  restoredAt: timestamp('restored_at', { withTimezone: true }),
});
