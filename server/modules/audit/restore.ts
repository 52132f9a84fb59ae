import type { AuditResource } from '@contract/audit';
import type { DeletedRecord } from '@contract/common';
import { mayRestore, RESTORE_MESSAGES } from '@contract/restore';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DeletedEntry, Restorer } from '../../db/record-writes';
import { auditLog, deletedRecords } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, conflict, gone, notFound, validationFailed } from '../../http/errors';
import { discardFiles, type Storage } from '../../storage';

/**
 * The restores of deleted records: each resource's write path registers its `Restorer` with its
 * delete route (resourceRoutes), and the history's restore route finds it by the entry's resource.
 */
export interface Restores {
  /** RESTORE_WINDOW, in seconds. */
  windowSeconds: number;
  restorers: Map<AuditResource, Restorer>;
  /** What a DELETE answers: the entry that restores the record, and until when. */
  answerOf(deleted: DeletedEntry): DeletedRecord;
  /** Brings back the record the delete entry `entryId` removed, as `actor`; the answers of `POST /api/v1/audit/{id}/restore`. */
  restore(entryId: number, actor: Actor): Promise<unknown>;
}

/** The window as SQL, an integer written into the statement (it is the configuration's, never a client's). */
export const windowInterval = (seconds: number) => sql.raw(`make_interval(secs => ${Math.trunc(seconds)})`);

export function createRestores({ db, windowSeconds }: { db: Db; windowSeconds: number }): Restores {
  const restorers = new Map<AuditResource, Restorer>();
  return {
    windowSeconds,
    restorers,
    answerOf: (deleted) => ({ entry_id: deleted.entryId, restorable_until: new Date(deleted.deletedAt.getTime() + windowSeconds * 1000).toISOString() }),

    async restore(entryId, actor) {
      const [entry] = await db
        .select({
          action: auditLog.action,
          resource: auditLog.resource,
          row: deletedRecords.row,
          restoredAt: deletedRecords.restoredAt,
          expired: sql<boolean>`${auditLog.createdAt} <= now() - ${windowInterval(windowSeconds)}`,
        })
        .from(auditLog)
        .leftJoin(deletedRecords, eq(deletedRecords.entryId, auditLog.id))
        .where(eq(auditLog.id, entryId));
      // An entry of a resource the actor may not restore (or see) does not exist for them.
      const restorer = entry ? restorers.get(entry.resource) : undefined;
      if (!entry || !restorer || !mayRestore(entry.resource, actor.permissions)) throw notFound(RESTORE_MESSAGES.entryNotFound);
      if (entry.action !== 'delete') throw validationFailed({}, RESTORE_MESSAGES.notADelete);
      if (entry.row) {
        try {
          await restorer.assertVisible(entry.row, actor);
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 404) throw notFound(RESTORE_MESSAGES.entryNotFound);
          throw error;
        }
      }
      // A delete from before restores existed, or one whose snapshot the cleanup removed, is past its window too.
      if (entry.expired || !entry.row) throw gone(RESTORE_MESSAGES.expired);
      if (entry.restoredAt) throw conflict(RESTORE_MESSAGES.alreadyRestored);
      return restorer.restore(entryId, actor);
    },
  };
}

/**
 * The scheduled cleanup: the snapshots of deletes older than the window go, and with each one not
 * restored, the files its record had (a restored record owns them again). Rows first: a file left
 * behind by a crash in between is only space, never a record pointing at nothing.
 */
export async function purgeExpiredRestores(db: Db, storage: Storage, log: FastifyBaseLogger, windowSeconds: number): Promise<void> {
  const expired = sql`${deletedRecords.entryId} in (select ${auditLog.id} from ${auditLog} where ${lt(auditLog.createdAt, sql`now() - ${windowInterval(windowSeconds)}`)})`;
  const removed = await db.delete(deletedRecords).where(expired).returning({ files: deletedRecords.files, restoredAt: deletedRecords.restoredAt });
  const files = removed.filter((snapshot) => snapshot.restoredAt === null).flatMap((snapshot) => snapshot.files);
  if (files.length > 0) await discardFiles(storage, files, log);
}

