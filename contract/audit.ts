import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from './audit-vocabulary';

/**
 * The change history: every write through the write path leaves one entry, in the same
 * transaction as the write.
 *   GET /api/v1/audit                     → paginator(auditEntry), for holders of 'audit.view'
 *       filter[actor_id], filter[resource], filter[resource_id], filter[action],
 *       filter[from], filter[to] (YYYY-MM-DD, inclusive, in UTC), page, limit (max 300); newest first
 *   GET /api/v1/audit/export              → text/csv of the same filters and sort, every row
 *   GET /api/v1/{users|sponsors|campaigns}/{id}/history → paginator(auditEntry) of that record,
 *       for whoever may edit the record (the resource's own permission), newest first
 */

// The vocabulary lives apart, without zod: the panel's route search parser (in the entry chunk
// that /login loads) reads the lists of resources and actions, and the history drawer every list
// page loads reads the labels.
export {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_RESOURCES,
  AUDIT_RESOURCE_LABELS,
  type AuditAction,
  type AuditResource,
} from './audit-vocabulary';

export { AUDIT_DEFAULT_SORT, AUDIT_PAGE_SIZE, AUDIT_SORTS } from './audit.constants';

/** A recorded value: what the record's API answer showed for the field. */
const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);

/**
 * One changed field. A secret (a password, a token) is recorded only as changed: `secret` is
 * true and both values are null. An upload records the stored file's name.
 */
export const auditChange = z.object({
  field: z.string(),
  before: auditValue,
  after: auditValue,
  secret: z.boolean(),
});
export type AuditChange = z.infer<typeof auditChange>;

/** A record a change names by id, with the name it has now. */
export const auditName = z.object({ field: z.string(), id: z.number().int(), name: z.string() });
export type AuditName = z.infer<typeof auditName>;

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Who did it; null when the person was since deleted or the write had no signed-in author. */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  resource: z.enum(AUDIT_RESOURCES),
  resource_id: z.number().int().nullable(),
  /** The record's name when the change happened (it may since have changed or be deleted). */
  resource_label: z.string().nullable(),
  /** Empty for a sign-in, sign-out or a delete; every field for a create. */
  changes: z.array(auditChange),
  /** The current names of the records the changes name by id (`dsp_id: 3`); a deleted one is left out. */
  names: z.array(auditName),
  /**
   * The ids the record's page needs besides its own (a campaign's sponsor, a connector's DSP; [] when
   * its own is enough), or null when the record is gone (or is a session).
   */
  record_path: z.array(z.number().int()).nullable(),
  /**
   * Until when `POST /api/v1/audit/{id}/restore` brings back the record a delete removed (ISO 8601);
   * null for any other entry, one already restored, or past RESTORE_WINDOW. Who may restore it:
   * RESTORE_ACCESS (contract/restore.ts).
   */
  restorable_until: z.string().nullable(),
  batch: z.object({ id: z.string(), count: z.number().int() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

