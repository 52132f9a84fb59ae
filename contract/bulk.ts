import { z } from 'zod';
import { BULK_ACTION_NAMES, BULK_MAX_RECORDS, BULK_MESSAGES } from './bulk.constants';
import { MAX_RECORD_ID } from './common';

export * from './bulk.constants';

const recordId = z.number({ error: BULK_MESSAGES.ids }).int(BULK_MESSAGES.ids).positive(BULK_MESSAGES.ids).max(MAX_RECORD_ID, BULK_MESSAGES.ids);

/**
 * `POST <list path>/bulk`: one action on the records chosen by `ids` (this page's selection) or by
 * `filter` (every record the list's own `filter[...]` keys match, chosen on the server with the
 * caller's scope: 'Seleccionar los N que coinciden'), never both. `status` and `reason` are the
 * action's parameters (a booking's or a subscription's new status; the reason a subscription's
 * change requires). Each route narrows `action` to its list's BULK_ACTIONS.
 */
export const bulkBody = z
  .object({
    action: z.enum(BULK_ACTION_NAMES, { error: BULK_MESSAGES.action }),
    ids: z.array(recordId, { error: BULK_MESSAGES.ids }).min(1, BULK_MESSAGES.ids).max(BULK_MAX_RECORDS, BULK_MESSAGES.tooMany).optional(),
    filter: z.record(z.string(), z.string()).optional(),
    status: z.string({ error: BULK_MESSAGES.status }).optional(),
    reason: z.string({ error: BULK_MESSAGES.reasonTooLong }).trim().max(500, BULK_MESSAGES.reasonTooLong).nullable().optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), { message: BULK_MESSAGES.target, path: ['ids'] });
export type BulkBody = z.input<typeof bulkBody>;

/**
 * The answer: how many records changed, those left as they were with why (one the caller may not
 * see is 'No encontrado', whether it exists or not) and those that failed, in Spanish. `batch_id`
 * ties the records' history entries together (null when nothing changed).
 */
export const bulkResult = z.object({
  done: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
  batch_id: z.string().nullable(),
});
export type BulkResult = z.infer<typeof bulkResult>;
