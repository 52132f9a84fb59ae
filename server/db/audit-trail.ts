import type { AuditAction, AuditChange, AuditResource } from '@contract/audit';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { insertMany } from './insert-many';
import { auditLog } from './schema';

/** Who made a change: null id for nobody signed in. Their name is copied into the entry. */
export interface AuditAuthor {
  userId: number | null;
  name: string;
  address: string | null;
  /** The bulk call the change is one record of (`POST …/bulk`): its entries share it. */
  batchId?: string | null;
}

export type AuditValue = AuditChange['before'];

/** One entry of the change history, as the write path hands it over. */
export interface AuditEvent {
  action: AuditAction;
  resource: AuditResource;
  resourceId: number | null;
  label: string | null;
  changes?: AuditChange[];
}

/** Writes one history entry and answers its id; `conn` is the write's own transaction, so both commit or neither. */
export async function recordAudit(conn: Db | Tx, author: AuditAuthor, event: AuditEvent): Promise<number> {
  const [id] = await recordAudits(conn, author, [event]);
  return id!;
}

/** History entries per statement when many are written at once (an import's fifty thousand). */
const ENTRIES_PER_STATEMENT = 1000;

/**
 * Writes the entries of many records' writes by one author (a bulk call's, an import's), a
 * thousand per statement with one parameter each (`insertMany`), in their order, in the caller's
 * transaction; answers their ids.
 */
export async function recordAudits(conn: Db | Tx, author: AuditAuthor, events: readonly AuditEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const batchId = author.batchId ?? null;
  // Of a batch, only its first entry is a line of the history's list. The batch's entries this call
  // continues are those already committed or written in its own transaction: a rolled-back one does not count.
  let grouped = batchId !== null && (await conn.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.batchId, batchId)).limit(1)).length > 0;
  const ids: number[] = [];
  for (let start = 0; start < events.length; start += ENTRIES_PER_STATEMENT) {
    const rows = events.slice(start, start + ENTRIES_PER_STATEMENT).map((event) => {
      const row = {
        actorId: author.userId,
        actorName: author.name,
        action: event.action,
        resource: event.resource,
        resourceId: event.resourceId,
        resourceLabel: event.label,
        changes: event.changes ?? [],
        address: author.address,
        batchId,
        batchGrouped: grouped,
      };
      grouped = batchId !== null;
      return row;
    });
    for (const written of await insertMany(conn, auditLog, rows, [auditLog.id])) ids.push(Number(written.id));
  }
  return ids;
}

/** A secret (a password, a token) is recorded only as changed, never by value or by hash. */
export const secretChange = (field: string): AuditChange => ({ field, before: null, after: null, secret: true });

/** An upload is recorded by the stored file's name (the last part of its URL), never its bytes. */
export const storedFileName = (url: string | null): string | null => (url ? (url.split('/').pop() ?? url) : null);

const same = (a: AuditValue, b: AuditValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * How a resource appears in the change history, from the record as its API answer presents it
 * (values are what staff read; timestamps are left out, they change on every write).
 */
export interface AuditView<T> {
  resource: AuditResource;
  id: (item: T) => number;
  label: (item: T) => string | null;
  fields: (item: T) => Record<string, AuditValue>;
}

/**
 * The history of one resource. `record` runs inside the write's transaction with the record before
 * and after it: a create (and a restore) lists every field, an update only the changed ones (an update that
 * changes nothing leaves no entry), a delete none. `secrets` names secret fields the write set.
 */
export function auditTrail<T>(view: AuditView<T>) {
  /** The entry a write makes, or null when it makes none (an update that changed nothing): for `record`, and for writes of many at once. */
  const entry = (write: { before: T | null; after: T | null; secrets?: string[]; action?: AuditAction }): AuditEvent | null => {
    const { before, after } = write;
    const subject = after ?? before;
    if (!subject) return null;
    const old = before ? view.fields(before) : {};
    const next = after ? view.fields(after) : {};
    const changes: AuditChange[] =
      after === null
        ? []
        : Object.keys(next)
            .filter((field) => before === null || !same(old[field] ?? null, next[field] ?? null))
            .map((field) => ({ field, before: before === null ? null : (old[field] ?? null), after: next[field] ?? null, secret: false }));
    changes.push(...(write.secrets ?? []).map(secretChange));
    const action = write.action ?? (before === null ? 'create' : after === null ? 'delete' : 'update');
    if (action === 'update' && changes.length === 0) return null;
    return { action, resource: view.resource, resourceId: view.id(subject), label: view.label(subject), changes };
  };
  return {
    resource: view.resource,
    entry,
    /** Answers the entry's id, or null when it wrote none (an update that changed nothing). */
    async record(conn: Db | Tx, author: AuditAuthor, write: { before: T | null; after: T | null; secrets?: string[]; action?: AuditAction }): Promise<number | null> {
      const event = entry(write);
      return event ? recordAudit(conn, author, event) : null;
    },
  };
}
