/**
 * Acting on many records at once: `POST <list path>/bulk` with `{action, ids}` or `{action, filter}`
 * (contract/bulk.ts). One route builder for every list; a module gives only its list's records (the
 * table, the caller's scope, its `defineList` for the filters) and, per action, the function that
 * acts on one record, the one its single-record route calls. So each record is judged by its own
 * rules, in its own transaction, and its history entry and announcements are the same as one by
 * one; the entries of one call share a `batch_id` (the actor carries it to `recordAudit`).
 */
import {
  BULK_ACTIONS,
  BULK_MAX_RECORDS,
  BULK_MESSAGES,
  BULK_NOT_FOUND,
  bulkBody,
  bulkResult,
  type BulkAction,
  type BulkList,
  type BulkResult,
} from '@contract/bulk';
import { successEnvelope } from '@contract/common';
import { VALIDATION_FAILED_MESSAGE } from '@contract/messages';
import { and, asc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { anyOf } from '../db/any-of';
import type { Db, Tx } from '../db/client';
import type { Access } from './access';
import { type Actor, actorOf } from './actor';
import { success } from './envelope';
import { AppError, validationFailed } from './errors';

/** The list's filters as `defineList` reads them: its condition for a query that carries only them. */
interface BulkFilters {
  filtersOf(query: Record<string, unknown>, params?: Record<string, unknown>): SQL | undefined;
  /** Top-level parameters the filters read besides `filter[...]` (a time zone `tz`). */
  extraKeys: readonly string[];
}

/**
 * The action on the records. `run` acts on one as its single-record route does (its own
 * transaction, history and announcements). `runChunk` does the same for up to BULK_CHUNK records
 * in one transaction `tx` (for the lists whose bulk calls are large: thousands of commits and
 * round trips cost more than the writes), each judged by its own rules under its own row lock;
 * it answers the refusal of each record it left as it was. A refusal (an AppError 4xx) is
 * reported with its message; anything else as failed.
 */
export type BulkStep<I> = {
  /** The body's parameters of the action (`status`, `reason`), parsed once for the whole call; 422 on their fields. */
  input?: z.ZodType<I>;
} & (
  | { run: (id: number, input: I, actor: Actor) => Promise<unknown> }
  | { runChunk: (tx: Tx, ids: readonly number[], input: I, actor: Actor) => Promise<Map<number, unknown>> }
);

/** Records of a `runChunk` action per transaction: one commit each, and their row locks held no longer than that. */
export const BULK_CHUNK = 500;

export interface BulkRouteOptions<P extends z.ZodObject> {
  db: Db;
  /** The list of BULK_ACTIONS this route serves: the actions it takes. */
  list: BulkList;
  /** The list's own path, e.g. '/api/v1/dsps/:dspId/bookings': the route is `{path}/bulk`. */
  path: string;
  params?: P;
  /** The single-record action's permission (the same for every action of the list). */
  access: Access;
  tags: string[];
  summary: string;
  /** What each action does and refuses, in Spanish, for /api/docs. */
  description: string;
  /** The records the list shows: its table and id column, the records `actor` may see there, and its filters. */
  records: {
    table: PgTable;
    id: AnyColumn;
    filters: BulkFilters;
    /**
     * The condition every chosen record must meet: the path's DSP and what `actor` may see. Throws
     * the 404 of a path the caller may not see (another's DSP), as the list's GET does.
     */
    scope: (params: z.output<P>, actor: Actor) => SQL | undefined | Promise<SQL | undefined>;
  };
  // Each action's input type is its own; the route reads them through `input`.
  actions: Partial<Record<BulkAction, BulkStep<any>>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A record the action did not change: a 404 (another DSP's, deleted meanwhile) is 'No encontrado', never more. */
const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500;

/** The refusal's reason as a person reads it: its message, or its first field's when the message is the generic one. */
const reasonOf = (error: AppError): string => {
  if (error.statusCode === 404) return BULK_NOT_FOUND;
  if (error.message === VALIDATION_FAILED_MESSAGE) {
    const first = Object.values(error.errors ?? {})[0]?.[0];
    if (first) return first;
  }
  return error.message;
};

const FAILED_MESSAGE = 'No se pudo completar la acción en este registro. Vuelve a intentarlo.';

/** The filter's errors, which the list's parser answers as a 400 of a query, answered as the body's 422 on `filter`. */
const filterError = (error: unknown): unknown =>
  error instanceof AppError && error.statusCode === 400 ? validationFailed({ filter: [error.message] }, error.message) : error;

/** The answer's message: what changed and what did not, in Spanish. */
export const bulkMessage = (result: Pick<BulkResult, 'done' | 'skipped' | 'failed'>): string => {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('es-CO')} ${n === 1 ? one : many}`;
  const parts = [count(result.done, 'registro cambiado', 'registros cambiados')];
  if (result.skipped.length > 0) parts.push(count(result.skipped.length, 'omitido', 'omitidos'));
  if (result.failed.length > 0) parts.push(count(result.failed.length, 'con error', 'con error'));
  return `${parts.join(', ')}.`;
};

const BULK_DESCRIPTION =
  `JSON: action y ids (los de esta página, como mucho ${BULK_MAX_RECORDS.toLocaleString('es-CO')}) o filter (las claves filter[...] de la lista, ` +
  'con los mismos valores que su GET: todos los que coinciden, elegidos en el servidor con lo que la persona puede ver), nunca los dos; ' +
  `más de ${BULK_MAX_RECORDS.toLocaleString('es-CO')} registros da 422 y no cambia nada. Una acción que la lista no tiene da 422. ` +
  'Cada registro se juzga por sus propias reglas, en su propia transacción, como uno a uno: responde data {done, skipped [{id, reason}], ' +
  `failed [{id, message}], batch_id}. Un id que la persona no puede ver (de otra DSP, eliminado o que no existe) va en skipped con '${BULK_NOT_FOUND}'. ` +
  'Las entradas del historial de una llamada comparten batch_id (null si nada cambió), y /api/v1/audit las muestra como una.';

/** Registers `POST {path}/bulk` for one list. */
export function bulkRoute<P extends z.ZodObject>(app: FastifyInstance, options: BulkRouteOptions<P>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const allowed: readonly BulkAction[] = BULK_ACTIONS[options.list];
  for (const action of allowed) if (!options.actions[action]) throw new Error(`bulkRoute ${options.path}: falta la acción ${action}`);
  const { table, id, filters } = options.records;

  /** The ids of the records chosen, in id order: those of `ids` the scope keeps, or every one the filter keeps (at most one past the cap, to tell). */
  const chosen = async (db: Db, scope: SQL | undefined, target: { ids?: number[]; filter?: Record<string, string> }, params: Record<string, unknown>): Promise<number[]> => {
    let where: SQL | undefined;
    if (target.ids) {
      where = and(scope, anyOf(id, [...new Set(target.ids)]));
    } else {
      const query: Record<string, unknown> = { filter: {} };
      // The parameters its filters read besides filter[...] (a time zone) travel in `filter` too.
      for (const [key, value] of Object.entries(target.filter ?? {})) {
        if (filters.extraKeys.includes(key)) query[key] = value;
        else (query.filter as Record<string, string>)[key] = value;
      }
      let condition: SQL | undefined;
      try {
        condition = filters.filtersOf(query, params);
      } catch (error) {
        throw filterError(error);
      }
      where = and(scope, condition);
    }
    const rows = await db
      .select({ id: sql<number>`${id}` })
      .from(table)
      .where(where)
      .orderBy(asc(id))
      .limit(BULK_MAX_RECORDS + 1);
    return rows.map((row) => Number(row.id));
  };

  r.post(
    `${options.path}/bulk`,
    {
      config: { access: options.access },
      schema: {
        tags: options.tags,
        summary: options.summary,
        description: `Acciones: ${allowed.join(', ')}. ${options.description} ${BULK_DESCRIPTION}`,
        ...(options.params && { params: options.params }),
        body: bulkBody,
        response: { 200: successEnvelope(bulkResult) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!allowed.includes(body.action)) throw validationFailed({ action: [BULK_MESSAGES.action] }, BULK_MESSAGES.action);
      const step = options.actions[body.action]!;
      let input: unknown = undefined;
      if (step.input) {
        const parsed = step.input.safeParse({ status: body.status, reason: body.reason });
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'status')] ??= []).push(issue.message);
          throw validationFailed(errors, Object.values(errors)[0]?.[0]);
        }
        input = parsed.data;
      }
      const actor = actorOf(request);
      const params = (request.params ?? {}) as z.output<P>;
      const scope = await options.records.scope(params, actor);
      const ids = await chosen(options.db, scope, body, params as Record<string, unknown>);
      if (ids.length > BULK_MAX_RECORDS) throw validationFailed({ filter: [BULK_MESSAGES.tooMany] }, BULK_MESSAGES.tooMany);

      const seen = new Set(ids);
      const result: BulkResult = { done: 0, skipped: [], failed: [], batch_id: null };
      for (const asked of new Set(body.ids ?? [])) if (!seen.has(asked)) result.skipped.push({ id: asked, reason: BULK_NOT_FOUND });
      const batchId = randomUUID();
      const inBatch: Actor = { ...actor, batchId };
      const refusedBy = (recordId: number, error: unknown) => {
        if (isRefusal(error)) result.skipped.push({ id: recordId, reason: reasonOf(error) });
        else {
          request.log.error({ err: error, recordId, batchId }, 'bulk: a record failed');
          result.failed.push({ id: recordId, message: FAILED_MESSAGE });
        }
      };
      if ('run' in step) {
        for (const recordId of ids) {
          try {
            await step.run(recordId, input, inBatch);
            result.done++;
          } catch (error) {
            refusedBy(recordId, error);
          }
        }
      } else {
        for (let start = 0; start < ids.length; start += BULK_CHUNK) {
          const chunk = ids.slice(start, start + BULK_CHUNK);
          let refused: Map<number, unknown>;
          try {
            refused = await options.db.transaction((tx) => step.runChunk(tx, chunk, input, inBatch));
          } catch (error) {
            // The chunk's transaction failed as a whole: none of its records changed.
            request.log.error({ err: error, batchId }, 'bulk: a chunk failed');
            for (const recordId of chunk) result.failed.push({ id: recordId, message: FAILED_MESSAGE });
            continue;
          }
          for (const recordId of chunk) {
            if (refused.has(recordId)) refusedBy(recordId, refused.get(recordId));
            else result.done++;
          }
        }
      }
      if (result.done > 0) result.batch_id = batchId;
      return success(result, bulkMessage(result));
    },
  );
}

/** `enable` and `disable` of a list whose records have `enabled`: its update with that field alone, as its form's switch sends it. */
export const enableActions = (update: (id: number, input: { enabled: boolean }, actor: Actor) => Promise<unknown>) => ({
  enable: { run: (id: number, _input: unknown, actor: Actor) => update(id, { enabled: true }, actor) },
  disable: { run: (id: number, _input: unknown, actor: Actor) => update(id, { enabled: false }, actor) },
});

/** `delete` of a list: its delete, with its rules (dependents, its own refusals), as its DELETE route calls it. */
export const deleteAction = (remove: (id: number, actor: Actor) => Promise<unknown>) => ({
  delete: { run: (id: number, _input: unknown, actor: Actor) => remove(id, actor) },
});

/** What a list's bulk route says of enable and disable. */
export const ENABLE_DESCRIPTION = 'enable y disable activan o desactivan cada registro como su interruptor (PUT con enabled), con su historial.';

/** What a list's bulk route says of delete. */
export const DELETE_DESCRIPTION =
  'delete elimina cada registro como su DELETE, con sus mismas reglas: uno que no se puede eliminar (por ejemplo, con registros que dependen de él) ' +
  'va en skipped con el mismo mensaje que daría el 409; cada eliminación se puede restaurar desde el historial.';
