import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_DEFAULT_SORT,
  AUDIT_FIELD_LABELS,
  AUDIT_PAGE_SIZE,
  AUDIT_RESOURCE_LABELS,
  AUDIT_RESOURCES,
  type AuditChange,
  type AuditEntry,
  type AuditName,
  auditEntry,
} from '@contract/audit';
import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog, deletedRecords } from '../../db/schema';
import { csvTime } from '../../http/csv';
import { badRequest } from '../../http/errors';
import { idFilter } from '../../http/filter-values';
import { defineItem, isoTime, jsonObject, sameNamed } from '../../http/item-sql';
import { defineList } from '../../http/list';
import { recordPath, referencedNames } from './references';
import { windowInterval } from './restore';

/**
 * An entry as the history answers it: its author null only when neither their id nor their name is
 * left; `restorable_until` while a delete's record can still be restored.
 */
const auditItemOf = (restoreWindowSeconds: number) => defineItem(auditEntry, {
  table: auditLog,
  id: auditLog.id,
  fields: (entry) => ({
    id: entry.id,
    created_at: isoTime(entry.createdAt),
    actor: sql`(case when ${entry.actorId} is null and ${entry.actorName} is null then null
      else ${jsonObject({ id: entry.actorId, name: sql`coalesce(${entry.actorName}, '')` })} end)`,
    ...sameNamed(entry, ['action', 'resource', 'resource_id', 'resource_label', 'changes']),
    names: referencedNames(entry),
    record_path: recordPath(entry),
    restorable_until: sql`(select ${isoTime(sql`(${entry.createdAt} + ${windowInterval(restoreWindowSeconds)})`)} from ${deletedRecords}
      where ${deletedRecords.entryId} = ${entry.id} and ${deletedRecords.restoredAt} is null and ${entry.createdAt} > now() - ${windowInterval(restoreWindowSeconds)})`,
    // The bulk call the entry is one record of, and how many records' entries it wrote (counted on its index).
    batch: sql`(case when ${entry.batchId} is null then null else ${jsonObject({
      id: sql`${entry.batchId}::text`,
      count: sql`(select count(*)::int from ${auditLog} as "batched" where "batched"."batch_id" = ${entry.batchId})`,
    })} end)`,
  }),
});

/** A filter over a fixed set of lower-case values, or a 400 that lists them. */
function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw badRequest(`El filtro ${name} admite: ${allowed.join(', ')}.`);
  return value as T;
}

/** The start of a UTC day given as YYYY-MM-DD, or a 400 that shows the format. */
function dayStart(name: string, value: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : null;
  // Date rolls 2026-02-30 over to March: a day that does not exist is refused, not moved.
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw badRequest(`El filtro ${name} debe ser una fecha con el formato AAAA-MM-DD (por ejemplo 2026-01-31).`);
  }
  return day;
}

const DAY_MS = 86_400_000;

/** A bulk call's id (a UUID), or a 400: any other text could never match, and PostgreSQL would refuse it. */
function batchIdFilter(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw badRequest('El filtro batch_id debe ser el id de una acción masiva (un UUID).');
  return value.toLowerCase();
}

/**
 * The history's lines: an entry made alone, or the first entry of a bulk call, which stands for
 * its batch (`batch.count` entries, listed with filter[batch_id]); read through audit_log_lines_idx.
 */
export const historyLines: SQL = sql`not ${auditLog.batchGrouped}`;

/** Records that hang on another one, by the SQL column of their row that names it (`sponsor_id`). */
export interface ChildRecords {
  resource: AuditEntry['resource'];
  column: string;
}

/** 'Acme → Acme 2' as a CSV cell reads it, an id by the record's current name; a secret only as changed. */
const describeChange = (resource: AuditEntry['resource'], change: AuditChange, names: AuditName[]) => {
  const field = AUDIT_FIELD_LABELS[resource]?.[change.field] ?? change.field;
  if (change.secret) return `${field}: cambió`;
  const scalar = (value: string | number | boolean) =>
    typeof value === 'number' ? (names.find((name) => name.field === change.field && name.id === value)?.name ?? String(value)) : String(value);
  const show = (value: AuditChange['before']) => (value === null ? '—' : Array.isArray(value) ? value.map(scalar).join(', ') : scalar(value));
  return `${field}: ${show(change.before)} → ${show(change.after)}`;
};

export function createAuditService({ db, restoreWindowSeconds }: { db: Db; restoreWindowSeconds: number }) {
  const list = defineList({
    db,
    shown: auditItemOf(restoreWindowSeconds),
    filters: {
      actor_id: { description: 'Id de la persona que hizo el cambio.', where: (value) => eq(auditLog.actorId, idFilter('actor_id', value)) },
      resource: { description: `Recurso: ${AUDIT_RESOURCES.join(', ')}.`, where: (value) => eq(auditLog.resource, oneOf('resource', value, AUDIT_RESOURCES)) },
      resource_id: { description: 'Id del registro.', where: (value) => eq(auditLog.resourceId, idFilter('resource_id', value)) },
      action: { description: `Acción: ${AUDIT_ACTIONS.join(', ')}.`, where: (value) => eq(auditLog.action, oneOf('action', value, AUDIT_ACTIONS)) },
      from: { description: 'Desde este día inclusive (AAAA-MM-DD, UTC).', where: (value) => gte(auditLog.createdAt, dayStart('from', value)) },
      to: {
        description: 'Hasta este día inclusive (AAAA-MM-DD, UTC).',
        where: (value) => lt(auditLog.createdAt, new Date(dayStart('to', value).getTime() + DAY_MS)),
      },
      batch_id: {
        description: 'Las entradas de una acción masiva (el batch.id de su línea), cada una por separado.',
        where: (value) => eq(auditLog.batchId, batchIdFilter(value)),
      },
    },
    sorts: { created_at: auditLog.createdAt },
    defaultSort: AUDIT_DEFAULT_SORT,
    defaultLimit: AUDIT_PAGE_SIZE,
    csv: {
      file: 'auditoria',
      summary: 'El historial filtrado, en CSV',
      columns: [
        { header: 'Fecha', cell: (entry, { timeZone }) => csvTime(entry.created_at, timeZone) },
        { header: 'Persona', cell: (entry) => entry.actor?.name },
        { header: 'Acción', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
        { header: 'Recurso', cell: (entry) => AUDIT_RESOURCE_LABELS[entry.resource] },
        { header: 'ID', cell: (entry) => entry.resource_id },
        { header: 'Registro', cell: (entry) => entry.resource_label },
        { header: 'Cambios', cell: (entry) => entry.changes.map((change) => describeChange(entry.resource, change, entry.names)).join('; ') },
        // One row per entry, those of a bulk action too: each with the id of its action.
        { header: 'Lote', cell: (entry) => entry.batch?.id },
      ],
    },
  });

  /**
   * One record's history: the entries of `resource` and `id`, for its own list route, and the
   * deletes of its `children` (a sponsor's campaigns, by the deleted row's `sponsor_id`), so that
   * a child deleted from the parent's page can be restored from the parent's history.
   */
  const recordScope = (resource: AuditEntry['resource'], id: number, children: readonly ChildRecords[] = []): SQL => {
    const own = and(eq(auditLog.resource, resource), eq(auditLog.resourceId, id))!;
    if (children.length === 0) return own;
    const deletes = children.map(
      (child) => sql`(${auditLog.resource} = ${child.resource} and ${auditLog.action} = 'delete' and exists (select 1 from ${deletedRecords}
        where ${deletedRecords.entryId} = ${auditLog.id} and (${deletedRecords.row} ->> ${child.column})::int = ${id}))`,
    );
    return or(own, ...deletes)!;
  };

  /**
   * The history's list: its lines (a bulk call as one, its first entry with `batch`); with
   * filter[batch_id], that call's own entries, and with filter[resource_id], that record's, one
   * per record (its entry of a bulk call is not some other record's line).
   */
  const answerLines = (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const filter = query.filter;
    const asks = (name: string) => query[`filter[${name}]`] !== undefined || (typeof filter === 'object' && filter !== null && name in filter);
    return list.answer(request, reply, asks('batch_id') || asks('resource_id') ? {} : { scope: historyLines });
  };

  return { list, recordScope, answerLines };
}

/** Removes history entries older than the retention period (AUDIT_RETENTION). */
export async function purgeOldAuditEntries(db: Db, retentionSeconds: number): Promise<void> {
  await db.delete(auditLog).where(lt(auditLog.createdAt, sql`now() - make_interval(secs => ${retentionSeconds})`));
}
