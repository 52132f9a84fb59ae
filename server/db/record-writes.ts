import type { AuditAction, AuditResource } from '@contract/audit';
import type { DeletionCheck } from '@contract/common';
import { cannotDelete, IN_USE, STALE_VERSION } from '@contract/messages';
import { RESTORE_MESSAGES } from '@contract/restore';
import { count, eq, getTableColumns, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../http/actor';
import { AppError, conflict, gone, notFound, validationFailed } from '../http/errors';
import type { FileKind, UploadedFile } from '../http/uploads';
import { discardFiles, storeUpload, type Storage, type StorageFolder } from '../storage';
import type { Db, Tx } from './client';
import { foreignKeyViolation, uniqueViolation } from './errors';
import { auditLog, deletedRecords, type KeptRows } from './schema';

/** A table whose rows point at the record, named in the 409 as `noun` (singular, plural). */
export interface Dependent {
  table: PgTable;
  column: AnyColumn;
  noun: readonly [one: string, many: string];
}

/**
 * A name no two records may share, compared trimmed and ignoring case and accents, optionally only
 * among records of the same parent (a campaign's name within its sponsor): `index` is the unique
 * index on that folded expression. The write itself is the check, so two writes racing for one
 * name get the same 409 as one that finds it taken.
 */
export interface UniqueName {
  field: string;
  index: string;
  message: string;
}

/**
 * A row the record points at, checked by its foreign key rather than read before the write: a
 * write naming a missing one (or one deleted meanwhile) answers 422 with `message` on `field`.
 */
export interface Reference {
  constraint: string;
  field: string;
  message: string;
}

/**
 * What a write refused by one of `rules`' constraints answers: a unique index, 409 with the error on
 * its field; a foreign key, 422 on its field. Any other error is returned as it is. For
 * `defineWrites`, and for writes with transactions of their own (a user's).
 *
 * `restoring`: a restore has no form to show field errors on, so a 422 says in its message what is
 * gone, and a violation no rule names still answers (the id taken again, some other row gone).
 */
export function constraintRefusal(
  error: unknown,
  rules: { unique?: readonly UniqueName[] | undefined; references?: readonly Reference[] | undefined },
  { restoring = false } = {},
): unknown {
  const index = uniqueViolation(error);
  if (index) {
    const taken = rules.unique?.find((rule) => rule.index === index);
    if (taken) return conflict(taken.message, { [taken.field]: [taken.message] });
    return restoring ? conflict(RESTORE_MESSAGES.idTaken) : error;
  }
  const constraint = foreignKeyViolation(error);
  if (constraint) {
    const missing = rules.references?.find((reference) => reference.constraint === constraint);
    if (missing) return validationFailed({ [missing.field]: [missing.message] }, restoring ? missing.message : undefined);
    return restoring ? validationFailed({}, RESTORE_MESSAGES.somethingGone) : error;
  }
  return error;
}

/** An uploaded file kept in a column of the row: the folder it goes to, the kinds accepted, the label a 415 names. */
export interface FileSlot<Row> {
  column: keyof Row & string;
  folder: StorageFolder;
  label: string;
  kinds?: readonly FileKind[];
}

/** What the history needs: `auditTrail(...)`; `record` answers the entry's id (null when it wrote none). */
interface History<Item> {
  resource: AuditResource;
  record(tx: Tx, actor: Actor, write: { before: Item | null; after: Item | null; action?: AuditAction }): Promise<number | null>;
}

/**
 * Rows of another table that the record's delete takes with it (ON DELETE CASCADE): kept with the
 * delete's entry so a restore brings them back, those whose other ends still exist. In the order
 * they are restored (a DSP's connectors before the connectors' plan maps). `reset` replaces
 * columns (by SQL name) on the way back, e.g. a secret's hash that must not work again.
 */
export interface Keep {
  table: PgTable;
  rows: (id: number) => SQL;
  reset?: Record<string, unknown>;
}

/** What a restore of the resource needs besides the row: columns replaced on the way back and fields added to its answer (a new secret). */
export interface RestoreChanges {
  set?: Record<string, unknown>;
  answer?: Record<string, unknown>;
}

/** A resource's restore, as the history's restore route calls it once it has checked the entry. */
export interface Restorer {
  resource: AuditResource;
  /** 404 unless `actor` may see the record as it was (another DSP's record). */
  assertVisible: (row: Record<string, unknown>, actor: Actor) => Promise<void>;
  restore: (entryId: number, actor: Actor) => Promise<unknown>;
}

export interface WritesOptions<T extends PgTable, Item, Answer, F extends string> {
  db: Db;
  /** Where `files` go, and where a file that could not be removed is logged: only for a resource with files. */
  storage?: Storage;
  log?: FastifyBaseLogger;
  table: T;
  id: AnyColumn;
  /** The 404 message. */
  notFound: string;
  /**
   * The record as its history shows it, read through `tx` (the write's transaction) as it stands at
   * the call: before a change or a delete, so related rows are still there, and again after it.
   * The history records the fields its trail names, so the item may carry the relations the write
   * answers with, and the write answers it as it is.
   */
  present: (row: T['$inferSelect'], tx: Tx) => Item | Promise<Item>;
  history: History<Item>;
  /**
   * What a create or an update answers, when it is not `after`, the record as `present` just read
   * it. It is read in the write's transaction, after the history: a delete that commits right
   * after the write cannot leave its answer without a record.
   */
  answer?: (row: T['$inferSelect'], tx: Tx, after: Item) => Answer | Promise<Answer>;
  files?: Record<F, FileSlot<T['$inferSelect']>>;
  /** Tables whose rows block a delete, each with its count in the 409. */
  dependents?: readonly Dependent[];
  unique?: readonly UniqueName[];
  references?: readonly Reference[];
  /** Asked before a delete and its `deletion`, outside their transaction: throws the 404 of a record the actor may not see (another DSP's). */
  assertVisible?: (id: number, actor: Actor) => Promise<unknown>;
  /** Rules of the resource that refuse a delete (403, 409): an error to throw, or null. */
  refuseDelete?: (tx: Tx, row: T['$inferSelect'], actor: Actor) => Promise<AppError | null>;
  /** Taken before the row's own lock on a delete, e.g. the rows a refusal reads (fixed order, no deadlock). */
  lockFirst?: (tx: Tx) => Promise<unknown>;
  /** Taken before the row's own lock on an update, e.g. one that serialises moves within a tree (no deadlock). */
  lockBeforeUpdate?: (tx: Tx) => Promise<unknown>;
  /** The rows its delete cascades away, kept for a restore. */
  keeps?: readonly Keep[];
  /**
   * What a restore answers (422) when a row the record pointed to is gone: by the foreign key's
   * name, the field and the message naming it ('El sponsor de esta campaña ya no existe.').
   */
  restoreNeeds?: readonly Reference[];
  /** Columns a restore replaces (an unusable password hash, a new secret's) and what it adds to its answer. */
  onRestore?: () => RestoreChanges | Promise<RestoreChanges>;
  /** Whether `actor` may see the deleted record, from its row by SQL column names (a DSP's records): throws any 404. */
  restoreVisible?: (row: Record<string, unknown>, actor: Actor) => Promise<unknown>;
  /** Rules of the resource that refuse a restore once the row is back, in its transaction (a user beyond the actor): an error, or null. */
  refuseRestore?: (tx: Tx, row: T['$inferSelect'], actor: Actor) => Promise<AppError | null>;
}

type Values = Record<string, unknown>;

/**
 * What a restore stores in place of a secret's hash that was not to come back (a password, an API
 * client's secret): no scrypt or SHA-256 hash, so no password or secret ever matches it.
 */
export const UNUSABLE_SECRET = '!restored-without-secret';

/** The history entry of a delete (its id restores the record) and when it was written. */
export interface DeletedEntry {
  entryId: number;
  deletedAt: Date;
}

/** The columns a row is inserted with: all but the generated ones (folded copies), by SQL name. */
const insertableColumns = (table: PgTable): SQL =>
  sql.join(
    Object.values(getTableColumns(table))
      .filter((column) => !column.generated)
      .map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/** The record's row back as `to_jsonb` wrote it, with `reset` over it: PostgreSQL reads every type back itself (dates, numerics, arrays). */
const insertRow = (table: PgTable, row: Values, reset: Values): SQL => {
  const columns = insertableColumns(table);
  return sql`insert into ${table} (${columns}) select ${columns} from jsonb_populate_record(null::${table}, ${JSON.stringify(row)}::jsonb || ${JSON.stringify(reset)}::jsonb)`;
};

/**
 * Related rows back, those whose every foreign key still finds its row (a link to a plan deleted
 * since is left out) and that are not there already.
 */
const insertKept = (table: PgTable, rows: Values[], reset: Values): SQL => {
  const columns = insertableColumns(table);
  const found = getTableConfig(table).foreignKeys.map((key) => {
    const { columns: from, foreignColumns: to } = key.reference();
    const matches = from.map((column, index) => sql`${sql.identifier(getTableName(to[index]!.table))}.${sql.identifier(to[index]!.name)} = r.${sql.identifier(column.name)}`);
    const target = to[0]!.table;
    return sql`(r.${sql.identifier(from[0]!.name)} is null or exists (select 1 from ${target} where ${sql.join(matches, sql` and `)}))`;
  });
  return sql`insert into ${table} (${columns})
    select ${columns} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows.map((row) => ({ ...row, ...reset })))}::jsonb) r
    where ${found.length > 0 ? sql.join(found, sql` and `) : sql`true`}
    on conflict do nothing`;
};

/** Writes a record's related rows inside its create or update transaction. */
export type Alongside<Row> = (tx: Tx, row: Row) => Promise<void>;

/**
 * How an update goes beyond its columns: `alongside` rewrites related rows; `version` is the one
 * the writer read (If-Match or a form's `version`): when the record has moved on since, the write
 * is refused with a 409 that carries the record as it is now. Without it the write is accepted.
 */
export interface UpdateOptions<Row> {
  alongside?: Alongside<Row>;
  version?: number;
}

/** The 409 of a write whose version is no longer the record's: nothing changed, `current` to compare with. */
export const staleVersion = (current: unknown) => new AppError(409, STALE_VERSION, {}, undefined, { current });

/**
 * Refuses a write whose expected version is not the locked row's. Compared on the row the write's
 * transaction holds locked, never before: of two writers sending the same version at once, the
 * second waits for the first's lock and then sees the new version.
 */
export async function assertVersion(row: { version: number }, expected: number | undefined, current: () => Promise<unknown>): Promise<void> {
  if (expected !== undefined && row.version !== expected) throw staleVersion(await current());
}

/**
 * Marks a record changed when only rows related to it changed (a plan's services, a role's
 * permissions): `updated_at` and `version` move as for a change of its own columns. Answers the row as it is now.
 */
export async function touchRecord<Row>(tx: Tx, table: PgTable, id: AnyColumn, value: number): Promise<Row> {
  const [row] = (await tx.update(table).set({ updatedAt: sql`now()` } as never).where(eq(id, value)).returning()) as Row[];
  return row!;
}

/**
 * Whether writing `set` (columns by their drizzle names) changes the stored `row`: only a real change
 * moves `updated_at` and `version`, so saving a form as it was is not one.
 */
export const changesRow = (row: object, set: object): boolean =>
  Object.entries(set).some(([column, value]) => value !== undefined && !unchanged((row as Values)[column], value));

/** Whether setting `value` leaves the stored `stored` as it is (SQL expressions always count as a change). */
const unchanged = (stored: unknown, value: unknown): boolean => {
  if (stored instanceof Date && value instanceof Date) return stored.getTime() === value.getTime();
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && Object.getPrototypeOf(value) !== Object.prototype) return false;
  return JSON.stringify(stored) === JSON.stringify(value);
};

/**
 * The one write path of a resource: create, update and delete in a transaction each, with the
 * history entry in the same transaction, so both commit or neither.
 * - Files are checked and stored before the transaction (storage is not transactional); when the
 *   transaction fails they are removed again, and a replaced or deleted record's file is removed
 *   only after the commit, so a failed write never loses the file the record still points to.
 * - An update and a delete lock the row first: two replacements at once each remove the file the
 *   other one replaced, never the one kept.
 * - Unique names: 409 with the field's error (like a taken e-mail), from the unique index.
 * - Rows the record points at (`references`) are checked by their foreign keys, not read before the
 *   write: one round trip less, and no window for a delete between the check and the write.
 * - A delete is refused by `refusal`, the one function that says why: the delete throws it,
 *   `deletion` (asked before the dialog opens) returns its message, so they never disagree.
 */
export function defineWrites<T extends PgTable, Item, Answer = Item, F extends string = never>(options: WritesOptions<T, Item, Answer, F>) {
  type Row = T['$inferSelect'];
  const { db, storage, log, table, id: idColumn } = options;
  const table_ = table as PgTable;
  const keyOf = new Map<AnyColumn, string>(Object.entries(getTableColumns(table_)).map(([key, column]) => [column as AnyColumn, key]));
  const key = (column: AnyColumn) => {
    const found = keyOf.get(column);
    if (!found) throw new Error(`column ${column.name} is not in the table`);
    return found;
  };
  const slots = Object.entries(options.files ?? {}) as [F, FileSlot<Row>][];
  if (slots.length > 0 && !(storage && log)) throw new Error('a resource with files needs a storage and a log');
  const answerOf = async (row: Row, tx: Tx, after: Item): Promise<Answer> => (options.answer ? options.answer(row, tx, after) : (after as unknown as Answer));
  const discard = (keys: readonly (string | null | undefined)[]) => (storage && log ? discardFiles(storage, keys, log) : Promise.resolve());

  /**
   * Locks the row: FOR UPDATE before a delete; before an update, FOR NO KEY UPDATE (the lock the
   * UPDATE itself takes), which still lets other writes check a foreign key to the row, so two
   * updates pointing at each other's rows (plan A upgrading B, B upgrading A) wait, not deadlock.
   */
  const lockRow = async (tx: Tx, id: number, strength: 'update' | 'no key update' = 'update'): Promise<Row> => {
    const [row] = await tx.select().from(table_).where(eq(idColumn, id)).for(strength);
    if (!row) throw notFound(options.notFound);
    return row as Row;
  };

  /** Checks and stores the uploaded files; on any refusal, the ones already stored are removed. */
  const storeFiles = async (files: Partial<Record<F, UploadedFile | undefined>>): Promise<Values> => {
    const stored: Values = {};
    try {
      for (const [name, slot] of slots) {
        const file = files[name];
        if (!file) continue;
        stored[slot.column] = await storeUpload(storage!, file, slot);
      }
    } catch (error) {
      await discard(Object.values(stored) as string[]);
      throw error;
    }
    return stored;
  };

  const mapConstraint = (error: unknown) => constraintRefusal(error, options);

  /** Why the record may not be deleted now, or null: its own rules first, then each dependent. */
  const refusal = async (tx: Tx, row: Row, actor: Actor): Promise<AppError | null> => {
    const refused = await options.refuseDelete?.(tx, row, actor);
    if (refused) return refused;
    const id = (row as Values)[key(idColumn)] as number;
    for (const dependent of options.dependents ?? []) {
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(dependent.table).where(eq(dependent.column, id));
      if (total > 0) return conflict(cannotDelete(total, ...dependent.noun));
    }
    return null;
  };

  const fileKeys = (row: Row) => slots.map(([, slot]) => (row as Values)[slot.column] as string | null);

  return {
    refusal,

    /**
     * Inserts the record (its files stored first); returns its `answer`. `alongside` writes the
     * record's related rows (a DSP's plans) in the same transaction, before the history reads them.
     * `before` runs first in the transaction: locks and checks that must come before the insert
     * (whose foreign keys lock the rows it points at).
     */
    async create(
      values: T['$inferInsert'],
      files: Partial<Record<F, UploadedFile | undefined>>,
      actor: Actor,
      alongside?: Alongside<Row>,
      before?: (tx: Tx) => Promise<void>,
    ): Promise<Answer> {
      const stored = await storeFiles(files);
      try {
        return await db.transaction(async (tx) => {
          await before?.(tx);
          const next = { ...(values as Values), ...stored };
          const [created] = (await tx.insert(table_).values(next as never).returning()) as [Row];
          await alongside?.(tx, created);
          const after = await options.present(created, tx);
          await options.history.record(tx, actor, { before: null, after });
          return answerOf(created, tx, after);
        });
      } catch (error) {
        await discard(Object.values(stored) as string[]);
        throw mapConstraint(error);
      }
    },

    /**
     * Changes the record: `changes` are the columns to set (absent ones keep their value), or a
     * function of the locked row (and the transaction, for checks that read other rows) that
     * returns them and may refuse (e.g. dates checked against the stored ones). A new file
     * replaces the old one, which is removed after the commit. `alongside` rewrites related rows
     * after the history has read them as they were. Returns the record's `answer`.
     */
    async update(
      id: number,
      changes: Partial<T['$inferInsert']> | ((before: Row, tx: Tx) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>),
      files: Partial<Record<F, UploadedFile | undefined>>,
      actor: Actor,
      { alongside, version }: UpdateOptions<Row> = {},
    ): Promise<Answer> {
      const stored = await storeFiles(files);
      let result: { answer: Answer; replaced: (string | null)[] };
      try {
        result = await db.transaction(async (tx) => {
          await options.lockBeforeUpdate?.(tx);
          const before = await lockRow(tx, id, 'no key update');
          // Presented before anything changes: a presenter reads the record as the transaction sees it now.
          const presentedBefore = await options.present(before, tx);
          await assertVersion(before as { version: number }, version, () => answerOf(before, tx, presentedBefore));
          const set = { ...((typeof changes === 'function' ? await changes(before, tx) : changes) as Values), ...stored };
          const changed = changesRow(before as object, set);
          let [after] = changed ? ((await tx.update(table_).set(set as never).where(eq(idColumn, id)).returning()) as [Row]) : [before];
          await alongside?.(tx, after);
          let presentedAfter = await options.present(after, tx);
          if (!changed && JSON.stringify(presentedAfter) !== JSON.stringify(presentedBefore)) {
            // Only related rows changed (a plan's services): the record changed all the same.
            after = await touchRecord<Row>(tx, table_, idColumn, id);
            presentedAfter = await options.present(after, tx);
          }
          await options.history.record(tx, actor, { before: presentedBefore, after: presentedAfter });
          return { answer: await answerOf(after, tx, presentedAfter), replaced: slots.filter(([, slot]) => slot.column in stored).map(([, slot]) => (before as Values)[slot.column] as string | null) };
        });
      } catch (error) {
        await discard(Object.values(stored) as string[]);
        throw mapConstraint(error);
      }
      await discard(result.replaced);
      return result.answer;
    },

    /**
     * Deletes the record, or refuses with the reason `deletion` gives (404 first). A dependent
     * added between the count and the delete is refused by the foreign key: 409 as well.
     * The row, the rows its delete cascades away (`keeps`) and its files' keys are kept with the
     * delete's history entry, so that the record can be restored; its files stay in storage until
     * the restore window has passed (the scheduled cleanup removes them). Answers the entry.
     */
    async remove(id: number, actor: Actor, version?: number): Promise<DeletedEntry> {
      await options.assertVisible?.(id, actor);
      try {
        return await db.transaction(async (tx) => {
          await options.lockFirst?.(tx);
          const row = await lockRow(tx, id);
          const before = await options.present(row, tx);
          await assertVersion(row as { version: number }, version, () => answerOf(row, tx, before));
          const refused = await refusal(tx, row, actor);
          if (refused) throw refused;
          // Read before the delete: its cascades take the related rows with it.
          const [kept] = await tx.select({ row: sql<Values>`to_jsonb(${table_})` }).from(table_).where(eq(idColumn, id));
          const related: KeptRows[] = [];
          for (const keep of options.keeps ?? []) {
            const rows = await tx.select({ row: sql<Values>`to_jsonb(${keep.table})` }).from(keep.table).where(keep.rows(id));
            related.push({ table: getTableName(keep.table), rows: rows.map((found) => found.row) });
          }
          await tx.delete(table_).where(eq(idColumn, id));
          const entryId = await options.history.record(tx, actor, { before, after: null });
          if (entryId === null) throw new Error(`the delete of ${options.history.resource} ${id} wrote no history entry`);
          const files = fileKeys(row).filter((file): file is string => Boolean(file));
          await tx.insert(deletedRecords).values({ entryId, row: kept!.row, related, files });
          const [entry] = await tx.select({ at: auditLog.createdAt }).from(auditLog).where(eq(auditLog.id, entryId));
          return { entryId, deletedAt: entry!.at };
        });
      } catch (error) {
        if (foreignKeyViolation(error)) throw conflict(IN_USE);
        throw error;
      }
    },

    /** The restore of a record this write path deleted, for the history's restore route (`restorerOf`). */
    restorer: {
      resource: options.history.resource,
      async assertVisible(row: Values, actor: Actor) {
        await options.restoreVisible?.(row, actor);
      },
      /**
       * Brings the record back from the delete's entry, in one transaction: the row with its id
       * and fields (its files are still in storage), the kept rows whose other ends still exist,
       * and a 'restore' entry in its history. A name or the id taken meanwhile answers 409; a row
       * it pointed to that is gone, 422 naming it. Answers as a create does, with `onRestore`'s
       * additions (a new secret shown once).
       */
      async restore(entryId: number, actor: Actor): Promise<unknown> {
        const changes = (await options.onRestore?.()) ?? {};
        try {
          return await db.transaction(async (tx) => {
            const [snapshot] = await tx.select().from(deletedRecords).where(eq(deletedRecords.entryId, entryId)).for('update');
            if (!snapshot) throw gone(RESTORE_MESSAGES.expired);
            if (snapshot.restoredAt) throw conflict(RESTORE_MESSAGES.alreadyRestored);
            await tx.execute(insertRow(table_, snapshot.row, changes.set ?? {}));
            for (const kept of snapshot.related) {
              const keep = options.keeps?.find((candidate) => getTableName(candidate.table) === kept.table);
              if (keep && kept.rows.length > 0) await tx.execute(insertKept(keep.table, kept.rows, keep.reset ?? {}));
            }
            const id = snapshot.row[idColumn.name] as number;
            const [row] = (await tx.select().from(table_).where(eq(idColumn, id))) as [Row];
            const refused = await options.refuseRestore?.(tx, row, actor);
            if (refused) throw refused;
            await tx.update(deletedRecords).set({ restoredAt: sql`now()` }).where(eq(deletedRecords.entryId, entryId));
            const after = await options.present(row, tx);
            await options.history.record(tx, actor, { before: null, after, action: 'restore' });
            return { ...((await answerOf(row, tx, after)) as Values), ...changes.answer };
          });
        } catch (error) {
          throw constraintRefusal(error, { unique: options.unique, references: options.restoreNeeds }, { restoring: true });
        }
      },
    } satisfies Restorer,

    /** Whether `actor` may delete the record now and, if not, the message the delete would answer (404 when missing). */
    async deletion(id: number, actor: Actor): Promise<DeletionCheck> {
      await options.assertVisible?.(id, actor);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(table_).where(eq(idColumn, id));
        if (!row) throw notFound(options.notFound);
        const refused = await refusal(tx, row as Row, actor);
        return { deletable: refused === null, reason: refused?.message ?? null };
      });
    },
  };
}
