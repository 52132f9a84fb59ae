/**
 * The one list path: a resource declares its filters, sorts, includes, sparse fields and page size
 * once, with its item written as SQL (./item-sql.ts), and `defineList` answers its list (parse →
 * where → the page's ids + its count → the items as PostgreSQL writes them → paginate), its
 * detail's `include` / `fields`, the records a write answers, and the `querystring` schemas that
 * put every list parameter in /api/docs.
 *
 * JSON leaves the server two ways, and only these:
 * (a) lists and details (`answer`, `answerOne`): the text PostgreSQL writes from the item's SQL,
 *     sent as it comes. The compiler holds that SQL to the contract's item (`defineItem`), and under
 *     CHECK_ANSWERS (the tests, `npm run dev`) every such body is checked against the contract too.
 * (b) everything else: the route's zod response schema, through fastify-type-provider-zod's
 *     `serializerCompiler` (server/app.ts), which writes only the schema's keys, in its order, and
 *     fails an answer that lacks a required one.
 */
import { MAX_LIST_LIMIT, paginator, successEnvelope, type Paginator } from '@contract/common';
import { and, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { csvFileName, csvStream } from './csv';
import { type ItemSql, itemsText, presenterOf, presentItems } from './item-sql';
import { type CsvSpec, EXPORT_TIME_ZONE, exportedItems } from './list-export';
import { pageReader, type CountedPage, type JoinedRows, type ListTotal } from './list-pages';
import { DEFAULT_LIST_LIMIT, parseListQuery, type ListQuery, type ListSpec } from './list-query';
import { sendVersion } from './versions';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL: the origin of every link the API builds. */
    publicUrl: string;
    /** Every list and detail route, as `registerAnswerRoutes` collected them. */
    answerRoutes(): AnswerRoute[];
  }
}

/**
 * One `filter[name]`: what it does (for /api/docs) and its SQL condition for a non-empty value;
 * `query` is the whole query as received, for a filter that reads one of the list's `extraQuery`;
 * `params` the path's parameters (the DSP of /dsps/{dspId}/bookings), for a filter that can narrow
 * a lookup in another table with them.
 */
export interface ListFilter {
  description: string;
  where: (value: string, query: Record<string, unknown>, params: Record<string, unknown>) => SQL | undefined;
  /**
   * A text search ('contains'): few matches, each costly to find (trigrams rechecked against the
   * text), so the page and the total are cut from one reading of them. `q` always is one.
   */
  search?: true;
}

export interface ListConfig<T extends PgTable, O = unknown> {
  db: Db;
  /**
   * The item as SQL (./item-sql.ts), with its contract: answers are checked against that under
   * CHECK_ANSWERS. Its table is the one listed and counted, and the filters' conditions must hold on it alone.
   */
  shown: ItemSql<T, O>;
  /** The rows with the joins a sort on another table's column reads (a sale by its plan's price). */
  joinedForSort?: JoinedRows;
  filters: Record<string, ListFilter>;
  /** Each allowed sort name with its column or expression, in the order the 400 lists them. */
  sorts: Record<string, AnyColumn | SQL>;
  /** e.g. '-created_at' or 'name'. */
  defaultSort: string;
  /** The sparse fields `fields` may name. */
  fields?: readonly string[];
  /** The include paths the list and the detail accept (each top-level one a relation of `shown`). */
  includes?: { list: readonly string[]; detail?: readonly string[] };
  /** Default DEFAULT_LIST_LIMIT (15). */
  defaultLimit?: number;
  /** Default MAX_LIST_LIMIT (300); a picker that must stay small sets less. */
  maxLimit?: number;
  /**
   * Top-level parameters the list takes besides the usual ones, each with its description (a time
   * zone `tz` its date filters read): documented, accepted by the parser, read by the filters.
   */
  extraQuery?: Record<string, string>;
  /**
   * The table's name in `row_tallies`, for a large table the database counts as it is written: the
   * list without filters then has its exact total without counting (`talliedRows`).
   */
  tallied?: string;
  /**
   * The list as CSV (`GET <list path>/export`, which `resourceRoutes` adds): its columns over the
   * item as this list presents it, read by ./list-export.ts with the list's own filters and sort.
   */
  csv?: CsvSpec<O>;
}

/** What narrows one call of a list, besides its query. */
export interface ListCall {
  /** A condition every row must meet besides the filters (one DSP's customers, one record's history). */
  scope?: SQL;
  /**
   * How many rows the filters and the scope select, known without counting (from the tallies the
   * database keeps), or null to leave the count to the list.
   */
  exactTotal?: (filters: Record<string, string>) => Promise<number | null>;
  /**
   * Runs when the page holds no row, before answering: a DSP's empty page checks that the DSP is
   * one the caller may see. An export, which cannot wait to see, runs it before its first byte.
   */
  whenEmpty?: () => Promise<void>;
}

/**
 * The list's own URL (without query) and its query as received, for the paginator's page URLs.
 * The origin is PUBLIC_URL, never the request's Host header: a client could forge that one and
 * have the answer (or a cache in front of it) carry links to their own site.
 */
export const listUrl = (request: FastifyRequest) => ({
  base: `${request.server.publicUrl}${request.url.split('?')[0]}`,
  query: request.query as Record<string, unknown>,
});

/** Appends one received query value to the params, flattening a nested `filter` object. */
function appendParam(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(params, key, item);
  } else if (typeof value === 'object') {
    for (const inner of Object.keys(value)) appendParam(params, `${key}[${inner}]`, (value as Record<string, unknown>)[inner]);
  } else {
    params.append(key, String(value));
  }
}

/**
 * The last page: the count's, when the total is exact. With an estimate the rows decide: a row past
 * this page means at least the next one; a page that holds rows and nothing after it is the last;
 * an empty page (past the real end) falls back on the estimate.
 */
function lastPageOf(at: { total: number; estimated: boolean; page: number; limit: number; rowsHere: number; hasMore: boolean }): number {
  const counted = Math.max(1, Math.ceil(at.total / at.limit));
  if (!at.estimated) return counted;
  if (at.hasMore) return Math.max(at.page + 1, counted);
  return at.rowsHere > 0 ? at.page : counted;
}

/** The Laravel paginator but its rows. */
export type PageLinks = Omit<Paginator<never>, 'data'>;

/**
 * The Laravel paginator of a page showing `rowsHere` rows, but its rows. Page URLs are
 * `${base}?${query}` with every query parameter kept as received (flat `filter[q]` keys stay flat;
 * a nested `filter` object becomes `filter[q]` again), and `page` replaced in place (appended when
 * absent), as Laravel does. Encoding is URLSearchParams' (brackets become %5B/%5D and spaces '+',
 * like PHP's http_build_query).
 *
 * With an estimated total, `hasMore` (the query found a row past this page) decides whether there
 * is a next page, so that the links never lead past the real end nor stop before it.
 */
export function paginate(
  rowsHere: number,
  counted: ListTotal,
  list: Pick<ListQuery, 'page' | 'limit'>,
  url: { base: string; query: Record<string, unknown> },
  hasMore = false,
): PageLinks {
  const { page, limit } = list;
  const { total, estimated } = counted;
  const lastPage = lastPageOf({ total, estimated, page, limit, rowsHere, hasMore });
  const from = rowsHere > 0 ? (page - 1) * limit + 1 : null;
  const to = from === null ? null : from + rowsHere - 1;

  const params = new URLSearchParams();
  for (const key of Object.keys(url.query)) appendParam(params, key, url.query[key]);
  const pageUrl = (target: number): string => {
    const copy = new URLSearchParams(params);
    copy.set('page', String(target));
    return `${url.base}?${copy.toString()}`;
  };

  return {
    current_page: page,
    last_page: lastPage,
    per_page: limit,
    total,
    total_is_estimate: estimated,
    from,
    to,
    first_page_url: pageUrl(1),
    last_page_url: pageUrl(lastPage),
    prev_page_url: page > 1 ? pageUrl(page - 1) : null,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    path: url.base,
  };
}

// The list parser is the validator of list queries: its 400s name what is allowed and it sees the
// parameters in the order the client sent them (the page links keep that order). So these
// querystring schemas only document; the validator compiler lets the query through untouched.
const documentedOnly = new WeakSet<object>();

/** True for a querystring schema made here, which documents and does not validate. */
export const isDocumentedOnly = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && documentedOnly.has(schema);

/** A route that answers a list or a detail of a list's items, with what it may be asked for. */
export interface AnswerRoute {
  method: string;
  url: string;
  kind: 'list' | 'detail';
  /** The contract's item. */
  item: z.ZodObject;
  /** The include paths it accepts. */
  includes: readonly string[];
  /** The sparse fields `fields` may name, when it takes them. */
  fields: readonly string[] | undefined;
  /** The `filter[…]` names and the sorts a list declares (none for a detail). */
  filters: readonly string[];
  sorts: readonly string[];
}

/** The answer of each list's and detail's querystring schema: a route that takes one answers it. */
const answeredBy = new WeakMap<object, Omit<AnswerRoute, 'method' | 'url'>>();

/** Collects, as they are added, the routes that answer lists and details (by their querystring schemas): the walk over every answer reads them. */
export function registerAnswerRoutes(app: FastifyInstance): void {
  const routes: AnswerRoute[] = [];
  app.decorate('answerRoutes', () => routes);
  app.addHook('onRoute', (route) => {
    const querystring = (route.schema as { querystring?: unknown } | undefined)?.querystring;
    const answer = typeof querystring === 'object' && querystring !== null ? answeredBy.get(querystring) : undefined;
    if (answer) for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, ...answer });
  });
}

const param = (description: string) => z.string().optional().meta({ description });

function querystringSchema(shape: Record<string, z.ZodOptional<z.ZodString>>) {
  const schema = z.object(shape);
  documentedOnly.add(schema);
  return schema;
}

function answering<S extends object>(schema: S, answer: Omit<AnswerRoute, 'method' | 'url'>): S {
  answeredBy.set(schema, answer);
  return schema;
}

const includeParam = (paths: readonly string[]) => param(`Relaciones, separadas por comas: ${paths.join(', ')}.`);
const fieldsParam = (fields: readonly string[]) => param(`Solo estos campos, separados por comas: ${fields.join(', ')}.`);

/**
 * The item a sparse answer is checked against: exactly the fields asked for and the relations
 * included, each still required to be there and of its type.
 */
export function sparseItem(item: z.ZodObject, fields: readonly string[], includes: readonly string[]): z.ZodObject {
  const keys = [...fields, ...includes.map((path) => path.split('.')[0]!)].filter((key) => key in item.shape);
  return item.pick(Object.fromEntries(keys.map((key) => [key, true])) as Record<string, true>);
}

/**
 * Under CHECK_ANSWERS (the tests, `npm run dev`), a body PostgreSQL wrote must be the contract's
 * answer: zod's check passes and changes nothing (no key the contract lacks, no value of another
 * type), as the route's serializer holds every other answer (way (b) above).
 */
function checkBody(request: FastifyRequest, schema: z.ZodType, body: string): void {
  const sent: unknown = JSON.parse(body);
  const checked = z.safeEncode(schema, sent);
  const route = request.routeOptions.url ?? request.url;
  if (checked.error) throw new ResponseSerializationError(request.method, route, { cause: checked.error });
  if (!isDeepStrictEqual(checked.data, sent)) {
    throw new Error(`La respuesta de ${request.method} ${route} no es la del contrato:\n${body}\n${JSON.stringify(checked.data)}`);
  }
}

/** How many answer schemas a list keeps for checking (each combination of fields and includes has its own). */
const CHECKED_SHAPES_KEPT = 50;

/** The schema a shape's answers are checked against, made once per shape and kept. */
function shapeSchemas(item: z.ZodObject, wrap: (item: z.ZodObject) => z.ZodType) {
  const kept = new Map<string, z.ZodType>();
  return (fields: readonly string[] | null, includes: readonly string[]): z.ZodType => {
    const key = `${fields?.join(',') ?? '*'}|${includes.join(',')}`;
    let schema = kept.get(key);
    if (!schema) {
      schema = wrap(fields ? sparseItem(item, fields, includes) : item);
      if (kept.size >= CHECKED_SHAPES_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, schema);
    }
    return schema;
  };
}

/** The success envelope around `data`, JSON PostgreSQL wrote, as the text of the answer. */
const envelopeText = (data: string): string => `{"status":"success","message":null,"data":${data}}`;

/** Sends `body` (already JSON) as the answer: fastify sends a string as it is when its type says JSON, past the route's serializer. */
const sendJson = (reply: FastifyReply, body: string): void => {
  reply.type('application/json; charset=utf-8').send(body);
};

/** What an export says of its file in /api/docs. */
export const CSV_FORMAT =
  'UTF-8 con BOM (para Excel), separado por comas, con los encabezados en español; fechas y horas AAAA-MM-DD HH:MM en la hora de ' +
  'Colombia (o en tz, donde la lista la toma), montos decimales con punto junto a su moneda (ISO 4217). Sin límite de filas: se lee ' +
  'de la base de datos por tandas, en memoria constante. Una celda que empieza por =, +, -, @, tabulador o retorno de carro se ' +
  'escribe tras una comilla simple para que la hoja no la ejecute como fórmula. Un filtro u orden no válido es un 400 antes de cualquier byte.';

export function defineList<T extends PgTable, O = unknown>(config: ListConfig<T, O>) {
  const table: PgTable = config.shown.table;
  const { id } = config.shown;
  const filterNames = Object.keys(config.filters);
  const sortNames = Object.keys(config.sorts);
  const includePaths = config.includes?.list ?? [];
  const detailPaths = config.includes?.detail ?? includePaths;
  const defaultLimit = config.defaultLimit ?? DEFAULT_LIST_LIMIT;
  const presenter = presenterOf(config.shown);
  const readPage = pageReader({ db: config.db, table, id, sorts: config.sorts, filters: config.filters, tallied: config.tallied, joinedForSort: config.joinedForSort });

  const spec: ListSpec = {
    filters: filterNames,
    sorts: sortNames,
    includes: includePaths,
    fields: config.fields,
    defaultSort: config.defaultSort,
    defaultLimit,
    maxLimit: config.maxLimit,
    extraKeys: Object.keys(config.extraQuery ?? {}),
  };
  const detailSpec: ListSpec = { filters: [], sorts: [], includes: detailPaths, fields: config.fields };
  const item = config.shown.contract;
  const listSchema = shapeSchemas(item, (shape) => successEnvelope(paginator(shape)));
  const detailSchema = shapeSchemas(item, (shape) => successEnvelope(shape));

  const listShape: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const name of filterNames) listShape[`filter[${name}]`] = param(config.filters[name]!.description);
  if (filterNames.includes('q')) listShape.q = param('Lo mismo que filter[q].');
  listShape.sort = param(
    `Orden, separado por comas, con - delante para descendente: ${sortNames.join(', ')}. Por defecto ${config.defaultSort}.`,
  );
  if (includePaths.length > 0) listShape.include = includeParam(includePaths);
  if (config.fields) listShape.fields = fieldsParam(config.fields);
  listShape.page = param('Página, desde 1.');
  listShape.limit = param(`Filas por página: ${defaultLimit} por defecto, ${config.maxLimit ?? MAX_LIST_LIMIT} como máximo.`);
  for (const [name, description] of Object.entries(config.extraQuery ?? {})) listShape[name] = param(description);

  const exportSpec: ListSpec = { filters: filterNames, sorts: sortNames, defaultSort: config.defaultSort, extraKeys: spec.extraKeys };
  const exportShape = Object.fromEntries(Object.entries(listShape).filter(([key]) => !['include', 'fields', 'page', 'limit'].includes(key)));

  const filtersShape = Object.fromEntries(Object.entries(listShape).filter(([key]) => key.startsWith('filter[') || key in (config.extraQuery ?? {})));

  const detailShape: Record<string, z.ZodOptional<z.ZodString>> = {};
  if (detailPaths.length > 0) detailShape.include = includeParam(detailPaths);
  if (config.fields) detailShape.fields = fieldsParam(config.fields);

  const whereOf = (filters: Record<string, string>, query: Record<string, unknown>, params: Record<string, unknown>, scope?: SQL) => {
    const conditions: SQL[] = scope ? [scope] : [];
    for (const [name, value] of Object.entries(filters)) {
      const condition = config.filters[name]!.where(value, query, params);
      if (condition) conditions.push(condition);
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  };

  const filtersIn = (query: Record<string, unknown>): Record<string, string> =>
    parseListQuery(query, { filters: filterNames, sorts: [], extraKeys: spec.extraKeys }).filters;

  /** The page's ids and its items, read as ./list-pages.ts chooses. */
  const pageRows = (list: ListQuery, where: SQL | undefined, call: ListCall): Promise<CountedPage> =>
    readPage(list, where, call.exactTotal, presenter({ fields: list.fields, includes: list.includes }));

  /**
   * One record as a write or the history answers it, with the given relations; undefined when
   * there is none. `db` is the write's transaction when it reads its own changes.
   */
  const present = async <Item = Record<string, unknown>>(id: number, includes: readonly string[] = [], db: Db | Tx = config.db): Promise<Item | undefined> =>
    (await presentItems<Item>(db, [id], presenter({ fields: null, includes })))[0];

  return {
    /** The list route's 200 answer: a paginator of full items. */
    response: successEnvelope(paginator(item)),
    /** The detail route's 200 answer: the full item. */
    detailResponse: successEnvelope(item),
    /** The list's `querystring` schema, for its route. */
    querystring: answering(querystringSchema(listShape), { kind: 'list', item, includes: includePaths, fields: config.fields, filters: filterNames, sorts: sortNames }),
    /** The `querystring` schema of a route that takes only the list's filters (the totals beside a list). */
    filtersQuerystring: querystringSchema(filtersShape),
    /** The list's CSV, when it has one, with its export's `querystring` schema (the list's filters and sort). */
    csv: config.csv && { spec: config.csv as CsvSpec<unknown>, querystring: querystringSchema(exportShape) },
    /** The detail's `querystring` schema (include, fields), for its route. */
    detailQuerystring: answering(querystringSchema(detailShape), { kind: 'detail', item, includes: detailPaths, fields: config.fields, filters: [], sorts: [] }),

    /** One page of the list, as the paginator answers it, sent as PostgreSQL wrote its items. */
    async answer(request: FastifyRequest, reply: FastifyReply, call: ListCall = {}): Promise<void> {
      const list = parseListQuery(request.query as Record<string, unknown>, spec);
      const where = whereOf(list.filters, request.query as Record<string, unknown>, (request.params ?? {}) as Record<string, unknown>, call.scope);
      const page = await pageRows(list, where, call);
      const rowsHere = Math.min(page.found, list.limit);
      if (rowsHere === 0 && call.whenEmpty) await call.whenEmpty();
      const links = JSON.stringify(paginate(rowsHere, page.counted, list, listUrl(request), page.found > list.limit));
      const body = envelopeText(`{"data":${page.items},${links.slice(1)}`);
      if (request.server.checkAnswers) checkBody(request, listSchema(list.fields, list.includes), body);
      sendJson(reply, body);
    },

    /**
     * Every row of the list the query's filters and sort select within `call`'s scope, as CSV
     * (./list-export.ts): the query, the time zone and `whenEmpty` are checked before the first byte.
     */
    async answerCsv(request: FastifyRequest, reply: FastifyReply, call: ListCall = {}): Promise<FastifyReply> {
      const csv = config.csv;
      if (!csv) throw new Error(`La lista de ${request.url} no tiene CSV`);
      const query = request.query as Record<string, unknown>;
      const list = parseListQuery(query, exportSpec);
      const context = { timeZone: csv.timeZone?.(query) ?? EXPORT_TIME_ZONE };
      const where = whereOf(list.filters, query, (request.params ?? {}) as Record<string, unknown>, call.scope);
      await call.whenEmpty?.();
      const shown = presenter({ fields: null, includes: csv.includes ?? [] });
      const source = { db: config.db, table, id, sorts: config.sorts, joinedForSort: config.joinedForSort };
      async function* rows() {
        for await (const items of exportedItems<O>(source, where, list.sort, shown)) {
          for (const item of items) yield csv!.columns.map((column) => column.cell(item, context));
        }
      }
      // Returned: a stream sent from an async handler that resolves to nothing would be answered empty.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(csv.file)}"`)
        .send(csvStream(csv.columns.map((column) => column.header), rows()));
    },

    /** One record as the detail answers it, with the detail's `include` and `fields` (checked before `find` runs, which answers 404s). */
    async answerOne(request: FastifyRequest, reply: FastifyReply, find: () => Promise<{ id: number }>): Promise<void> {
      const query = parseListQuery(request.query as Record<string, unknown>, detailSpec);
      const found = await find();
      const items = await itemsText(config.db, [found.id], presenter(query));
      if (items === '[]') {
        // Deleted between `find` and this read: `find` now answers the resource's 404.
        await find();
        throw new Error(`Un registro que existía no se pudo leer: ${request.url}`);
      }
      const body = envelopeText(items.slice(1, -1));
      if (request.server.checkAnswers) checkBody(request, detailSchema(query.fields, query.includes), body);
      // The version of the record as sent (none when `fields` leaves it out), for If-Match.
      sendVersion(reply, (JSON.parse(items) as unknown[])[0]);
      sendJson(reply, body);
    },

    /** The filters a query that carries only the list's filters asks for, by name (an unknown one is a 400). */
    filtersIn,

    /** The top-level parameters its filters read besides `filter[...]` (`extraQuery`: a time zone). */
    extraKeys: spec.extraKeys ?? [],

    /** The condition of a query that carries only the list's filters (an export of the list). */
    filtersOf(query: Record<string, unknown>, params: Record<string, unknown> = {}) {
      return whereOf(filtersIn(query), query, params);
    },

    present,

    /**
     * One record a write's transaction holds (locked, or just written): as `present`, but its
     * absence is a broken invariant, thrown, not an `undefined` that would reach the answer.
     */
    presentHeld: async <Item = Record<string, unknown>>(id: number, includes: readonly string[], tx: Tx): Promise<Item> => {
      const item = await present<Item>(id, includes, tx);
      if (!item) throw new Error(`El registro ${id} no está en la transacción que lo escribe`);
      return item;
    },
  };
}

