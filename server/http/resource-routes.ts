import { type DeletionCheck, deletedRecord, deletionCheck, idParam, successEnvelope } from '@contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DeletedEntry, Restorer } from '../db/record-writes';
import type { Access } from './access';
import { type Actor, actorOf } from './actor';
import { success } from './envelope';
import { CSV_FORMAT, type defineList, type ListCall } from './list';
import { expectedVersion, sendVersion, staleVersionAnswer, versionedWrite, versionHeaders } from './versions';

type DefinedList = ReturnType<typeof defineList>;

/** What the list and detail routes read of a `defineList` result. */
export interface ListRoutes {
  querystring: z.ZodType;
  response: z.ZodType;
  detailQuerystring: z.ZodType;
  detailResponse: z.ZodType;
  answer: DefinedList['answer'];
  answerOne: DefinedList['answerOne'];
  csv?: DefinedList['csv'];
  answerCsv?: DefinedList['answerCsv'];
}

/** What the documentation says of one route; `access` replaces the resource's for that route. */
interface RouteText {
  summary: string;
  description?: string;
  access?: Access;
}

/** A collection route on another path than the resource's, e.g. '/api/v1/dsps/:dspId/clients', with its params schema. */
interface Nested<P extends z.ZodObject> {
  path?: string;
  params?: P;
}

type Request<P extends z.ZodObject> = FastifyRequest<{ Params: z.output<P> }>;

const DELETION_DESCRIPTION =
  'Se consulta antes de abrir el diálogo de eliminar, con el mismo permiso que el DELETE: deletable y, si es false, reason, ' +
  'el mismo texto que daría el DELETE. 404 si no existe. El DELETE vuelve a comprobarlo, por si algo cambió entre medias.';

/** What every versioned write says in /api/docs. */
export const VERSION_DESCRIPTION =
  'Con If-Match (o version en el cuerpo) con la versión leída, responde 409 "Otra persona cambió este registro mientras lo editabas." ' +
  'con data.current (el registro como está ahora) si alguien lo cambió desde entonces, y no cambia nada. Sin versión se acepta como siempre.';

const DELETED_DESCRIPTION =
  'Responde data: {entry_id, restorable_until}: la entrada del historial que POST /api/v1/audit/{entry_id}/restore restaura ' +
  'hasta esa fecha (RESTORE_WINDOW), con su id, sus campos, sus archivos y sus relaciones que sigan existiendo.';

export interface ResourceRoutes<LP extends z.ZodObject, CP extends z.ZodObject, CB extends z.ZodType, UB extends z.ZodObject> {
  /** The collection's path, e.g. '/api/v1/sponsors': the record's routes are `{path}/:id`. */
  path: string;
  /** Who may call every route of the resource, unless a route names its own. */
  access: Access;
  tags: string[];
  /** The service's list (`defineList`): the list's querystring and page, the detail's include/fields and answer. */
  list?: ListRoutes;
  /** The record as the writes (and a detail without a list) answer it. */
  item?: z.ZodType;
  /** The writes' content types (FILE_WRITE_TYPES for bodies that may carry files). */
  consumes?: string[];

  /**
   * `GET {path}`: a page of `list` (or of `of`), within `call`'s scope (the DSPs the caller sees),
   * or through `answer` when it checks more first. When the list has a CSV, `GET {path}/export` too:
   * every row of the same filters, sort and scope (`call`), with the same access.
   */
  index?: RouteText &
    Nested<LP> & {
      of?: ListRoutes;
      call?: (request: Request<LP>) => ListCall | Promise<ListCall>;
      answer?: (request: Request<LP>, reply: FastifyReply) => Promise<void>;
    };
  /**
   * `GET {path}/:id`: with `find` (which answers the 404), the record as `list` writes it, with its
   * include and fields; with `get`, a resource without a list, its record as `item`.
   */
  detail?: RouteText & ({ find: (id: number, actor: Actor) => Promise<{ id: number }> } | { get: (id: number, actor: Actor) => Promise<unknown> });
  /** `POST {path}`: 201 with the record and `message`. */
  create?: RouteText &
    Nested<CP> & {
      body: CB;
      message: string;
      run: (body: z.output<CB>, actor: Actor, params: z.output<CP>) => Promise<unknown>;
    };
  /**
   * `PUT {path}/:id`, and POST with `_method=PUT` (./method-override.ts). `version` is the one the
   * writer read (If-Match, or `version` in the body), for the write path to compare.
   */
  update?: RouteText & {
    body: UB;
    message: string;
    run: (id: number, body: z.output<UB>, actor: Actor, version: number | undefined) => Promise<unknown>;
  };
  /**
   * `DELETE {path}/:id` and `GET {path}/:id/deletion`, which the panel asks before its delete dialog
   * opens, with the same access. `remove` and `deletion` come from one write path, so the answer
   * and the refusal always agree.
   */
  delete?: RouteText & {
    /** E.g. '¿Se puede eliminar este sponsor?'. */
    question: string;
    /** What refuses it, for the documentation of both routes. */
    refusals?: string;
    message: string;
    service: {
      remove(id: number, actor: Actor, version?: number): Promise<DeletedEntry>;
      deletion(id: number, actor: Actor): Promise<DeletionCheck>;
      /** How `POST /api/v1/audit/{entryId}/restore` brings the record back (the write path's). */
      restorer?: Restorer;
    };
  };
}

const required = <T>(value: T | undefined, what: string, path: string): T => {
  if (value === undefined) throw new Error(`resourceRoutes ${path}: falta ${what}`);
  return value;
};

/**
 * The standard routes of a resource (list, detail, create, update, delete and its check), each
 * with its access, schemas and documentation, from one configuration. Routes of another shape stay
 * in the module.
 */
export function resourceRoutes<
  LP extends z.ZodObject = z.ZodObject,
  CP extends z.ZodObject = z.ZodObject,
  CB extends z.ZodType = z.ZodType,
  UB extends z.ZodObject = z.ZodObject,
>(app: FastifyInstance, options: ResourceRoutes<LP, CP, CB, UB>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { path, tags, consumes } = options;
  const accessOf = (route: RouteText) => ({ access: route.access ?? options.access, declaredBy: 'resourceRoutes' as const });
  const item = () => required(options.item, 'item', path);
  const list = () => required(options.list, 'list', path);

  if (options.index) {
    const { summary, description, params, answer, call } = options.index;
    const of = options.index.of ?? list();
    const callOf = async (request: FastifyRequest): Promise<ListCall> => (call ? call(request as Request<LP>) : {});
    r.get(
      options.index.path ?? path,
      {
        config: accessOf(options.index),
        schema: { tags, summary, description, ...(params && { params }), querystring: of.querystring, response: { 200: of.response } },
      },
      async (request, reply) => (answer ? answer(request as Request<LP>, reply) : of.answer(request, reply, await callOf(request))),
    );
    if (of.csv && of.answerCsv) {
      const { spec, querystring } = of.csv;
      const answerCsv = of.answerCsv;
      r.get(
        `${options.index.path ?? path}/export`,
        {
          config: accessOf(options.index),
          schema: {
            tags,
            summary: spec.summary,
            description:
              `Todas las filas que la lista selecciona, sin paginar: sus mismos filtros (filter[...]) y su mismo orden (sort), ` +
              `con el mismo acceso. Columnas: ${spec.columns.map((column) => column.header).join(', ')}. ${CSV_FORMAT}` +
              (description ? ` ${description}` : ''),
            ...(params && { params }),
            querystring,
            produces: ['text/csv'],
          },
        },
        async (request, reply) => answerCsv(request, reply, await callOf(request)),
      );
    }
  }

  if (options.detail) {
    const detail = options.detail;
    const { summary, description } = detail;
    if ('find' in detail) {
      const of = list();
      r.get(
        `${path}/:id`,
        {
          config: accessOf(detail),
          schema: { tags, summary, description, params: idParam, querystring: of.detailQuerystring, response: { 200: of.detailResponse } },
        },
        async (request, reply) => of.answerOne(request, reply, () => detail.find(request.params.id, actorOf(request))),
      );
    } else {
      r.get(
        `${path}/:id`,
        { config: accessOf(detail), schema: { tags, summary, description, params: idParam, response: { 200: successEnvelope(item()) } } },
        async (request, reply) => {
          const found = await detail.get(request.params.id, actorOf(request));
          sendVersion(reply, found);
          return success(found);
        },
      );
    }
  }

  if (options.create) {
    const create = options.create;
    const { summary, description, params, body } = create;
    r.post(
      create.path ?? path,
      {
        config: accessOf(create),
        schema: { tags, summary, description, ...(params && { params }), consumes, body, response: { 201: successEnvelope(item()) } },
      },
      async (request, reply) => {
        const created = await create.run(request.body as z.output<CB>, actorOf(request), request.params as z.output<CP>);
        sendVersion(reply, created);
        return reply.status(201).send(success(created, create.message));
      },
    );
  }

  if (options.update) {
    const update = options.update;
    const { summary, description } = update;
    const versioned = versionedWrite(update.body, item());
    r.put(
      `${path}/:id`,
      {
        config: accessOf(update),
        schema: {
          tags,
          summary,
          description: `${description ?? ''} ${VERSION_DESCRIPTION}`.trim(),
          params: idParam,
          headers: versioned.headers,
          consumes,
          body: versioned.body,
          response: { 200: successEnvelope(item()), 409: versioned.conflict },
        },
      },
      async (request, reply) => {
        const version = expectedVersion(request.headers, request.body);
        const updated = await update.run(request.params.id, request.body as z.output<UB>, actorOf(request), version);
        sendVersion(reply, updated);
        return success(updated, update.message);
      },
    );
  }

  if (options.delete) {
    const remove = options.delete;
    const { refusals, service } = remove;
    const config = accessOf(remove);
    if (service.restorer) app.restores.restorers.set(service.restorer.resource, service.restorer);
    r.delete(
      `${path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: remove.summary,
          description: `${refusals ? `${refusals} ` : ''}${DELETED_DESCRIPTION} ${VERSION_DESCRIPTION}`,
          params: idParam,
          headers: versionHeaders,
          response: { 200: successEnvelope(deletedRecord), ...(options.item && { 409: staleVersionAnswer(options.item) }) },
        },
      },
      async (request) => {
        const deleted = await service.remove(request.params.id, actorOf(request), expectedVersion(request.headers));
        return success(app.restores.answerOf(deleted), remove.message);
      },
    );
    r.get(
      `${path}/:id/deletion`,
      {
        config,
        schema: {
          tags,
          summary: remove.question,
          description: refusals ? `${DELETION_DESCRIPTION} ${refusals}` : DELETION_DESCRIPTION,
          params: idParam,
          response: { 200: successEnvelope(deletionCheck) },
        },
      },
      async (request) => success(await service.deletion(request.params.id, actorOf(request))),
    );
  }
}
