import type { AuditAction, AuditChange, AuditResource } from '@contract/audit';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_resource_idx').on(table.resource, table.resourceId, table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
  ],
);
