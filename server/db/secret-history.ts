import type { AuditAction } from '@contract/audit';
import type { AuditAuthor, AuditView } from './audit-trail';
import { auditTrail, recordAudit } from './audit-trail';
import type { Db, Tx } from './client';

/**
 * A record as its history sees it, with a fingerprint (a hash, never recorded) of each secret it
 * holds by field name. The fingerprints only say which secrets a write changed.
 */
export interface WithSecrets<T> {
  item: T;
  secrets: Record<string, string>;
}

/** A write's answer made of what its history just read: the record, without its secrets' fingerprints (`defineWrites`' `answer`). */
export const itemWithoutSecrets = <T>(_row: unknown, _tx: unknown, after: WithSecrets<T>): T => after.item;

/**
 * The history of a resource that holds secrets (an API client's secret, a connector's credentials):
 * the fields of `view` as usual, and each secret a write set or changed recorded as 'cambió',
 * never by value or by hash.
 */
export function secretAwareTrail<T>(view: AuditView<T>) {
  const trail = auditTrail(view);
  /** The entry of a write, as `record` writes it (for writes of many at once). */
  const entry = (write: { before: WithSecrets<T> | null; after: WithSecrets<T> | null; action?: AuditAction }) => {
    const old = write.before?.secrets ?? {};
    const next = write.after?.secrets ?? {};
    const changed =
      write.after === null ? [] : [...new Set([...Object.keys(old), ...Object.keys(next)])].filter((field) => old[field] !== next[field]).sort();
    return trail.entry({ before: write.before?.item ?? null, after: write.after?.item ?? null, secrets: changed, action: write.action });
  };
  return {
    resource: view.resource,
    entry,
    async record(conn: Db | Tx, author: AuditAuthor, write: { before: WithSecrets<T> | null; after: WithSecrets<T> | null; action?: AuditAction }) {
      const event = entry(write);
      return event ? recordAudit(conn, author, event) : null;
    },
  };
}
