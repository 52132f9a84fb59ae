import { deletedRecord, restoredRecord } from '@contract/common';
import { cannotDelete } from '@contract/messages';
import { RESTORE_MESSAGES } from '@contract/restore';
import { http, type PathParams, type RequestHandler } from 'msw';
import type { z } from 'zod';
import { formFields, jsonOrFormBody, parseBody } from './body';
import { answer, apiUrl, breach, deletionAnswer, fail, staleVersionAnswer } from './envelope';
import { fold } from './fold';
import { listAnswer } from './paginate';

type Row = { id: number };
type Params = PathParams<string>;

/** How a list reads its query: the resource's contract constants, and what its filters mean. */
export type ListSpec<T> = {
  /** The contract's item schema: the answer is checked against it. */
  item: z.ZodObject;
  sorts: readonly string[];
  defaultSort: string;
  pageSize: number;
  /** The largest `limit` the route takes, when it is not every list's (a DSP's staff). */
  maxLimit?: number;
  /** The contract's X_FIELDS: what `fields=` may name; the item's other keys are its relations. */
  fields?: readonly string[];
  /** The contract's includes; a relation not asked for is left out of each item. */
  includes?: readonly string[];
  /** The texts `filter[q]` (or `q`) looks in, ignoring case and accents. */
  search?: (row: T) => readonly (string | null | undefined)[];
  /** Filters that are not a field's equality (`filter[role]` over a list of roles). */
  filters?: Record<string, (row: T, value: string) => boolean>;
  /** A sort that orders by something other than the field of its name (connectors' `name` is their key). */
  sortBy?: Record<string, (row: T) => unknown>;
  /** Relations built when asked for, rather than kept on the stored row. */
  relations?: Record<string, (row: T) => unknown>;
};

const listParam = (url: URL, name: string) => url.searchParams.get(name)?.split(',').map((part) => part.trim()).filter(Boolean) ?? [];

const sameValue = (value: unknown, wanted: string) =>
  typeof value === 'boolean' ? value === (wanted === '1' || wanted === 'true') : String(value) === wanted;

/** Strings as the server orders them (ignoring case and accents), numbers as numbers, nulls last when ascending as in PostgreSQL. */
const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return fold(String(a)).localeCompare(fold(String(b)), 'es');
};

const relationKeys = <T>(spec: ListSpec<T>) => {
  const { fields } = spec;
  const stored = fields ? Object.keys(spec.item.shape).filter((key) => !fields.includes(key)) : (spec.includes ?? []).map((path) => path.split('.')[0]!);
  return new Set([...stored, ...Object.keys(spec.relations ?? {})]);
};

/** The row with the relations `includes` names and none other; a nested path left out drops its key. */
export function shaped<T extends object>(row: T, includes: readonly string[], spec: ListSpec<T>): T {
  const shown = { ...row } as Record<string, unknown>;
  for (const key of relationKeys(spec)) {
    if (!includes.includes(key)) delete shown[key];
    else if (spec.relations?.[key]) shown[key] = spec.relations[key](row);
  }
  for (const path of spec.includes ?? []) {
    const [parent, child] = path.split('.');
    if (!child || !includes.includes(parent!) || includes.includes(path)) continue;
    const drop = (value: unknown) => {
      if (typeof value !== 'object' || value === null) return value;
      const { [child]: _dropped, ...rest } = value as Record<string, unknown>;
      return rest;
    };
    const value = shown[parent!];
    shown[parent!] = Array.isArray(value) ? value.map(drop) : drop(value);
  }
  return shown as T;
}

/** The includes a request asked for, each one the contract allows (or a breach). */
export function askedIncludes<T>(url: URL, spec: ListSpec<T>) {
  const includes = listParam(url, 'include');
  const allowed = [...(spec.includes ?? []), ...Object.keys(spec.relations ?? {})];
  for (const include of includes) if (!allowed.includes(include)) breach(`include=${include} no está en el contrato`);
  return includes;
}

/** The rows `url`'s filters keep, in the order its sort asks for (ties by id, in the first term's direction). */
export function matching<T extends Row>(rows: readonly T[], url: URL, spec: ListSpec<T>): T[] {
  let found = [...rows];
  for (const [key, raw] of url.searchParams) {
    const name = key === 'q' ? 'q' : /^filter\[(.+)\]$/.exec(key)?.[1];
    const value = raw.trim();
    if (!name || value === '') continue;
    if (name === 'q') {
      const q = fold(value);
      if (!spec.search) breach(`filter[q] no está en el contrato`);
      found = found.filter((row) => spec.search!(row).some((text) => fold(text).includes(q)));
    } else if (spec.filters?.[name]) found = found.filter((row) => spec.filters![name]!(row, value));
    else if (name in spec.item.shape) found = found.filter((row) => sameValue((row as Record<string, unknown>)[name], value));
    else breach(`filter[${name}] no está en el contrato`);
  }
  const terms = (url.searchParams.get('sort') || spec.defaultSort).split(',').map((term) => ({
    field: term.replace(/^-/, ''),
    direction: term.startsWith('-') ? -1 : 1,
  }));
  for (const term of terms) if (term.field !== spec.defaultSort.replace(/^-/, '') && !spec.sorts.includes(term.field)) breach(`sort=${term.field} no está en el contrato`);
  const by = (row: T, field: string) => (spec.sortBy?.[field] ? spec.sortBy[field](row) : (row as Record<string, unknown>)[field]);
  return found.sort((a, b) => {
    for (const term of terms) {
      const order = compare(by(a, term.field), by(b, term.field)) * term.direction;
      if (order !== 0) return order;
    }
    return (a.id - b.id) * terms[0]!.direction;
  });
}

/** A page of `rows` as the server answers `url`: filtered, sorted, paged, with the asked includes and fields. */
export function listOf<T extends Row>(rows: readonly T[], url: URL, spec: ListSpec<T>) {
  const includes = askedIncludes(url, spec);
  for (const field of listParam(url, 'fields')) if (spec.fields && !spec.fields.includes(field)) breach(`fields=${field} no está en el contrato`);
  const found = matching(rows, url, spec).map((row) => shaped(row, includes, spec));
  return listAnswer(spec.item, found as never, url, spec.pageSize, spec.maxLimit);
}

/** The detail: every stored relation unless `include=` names some, then only those. */
export function detailOf<T extends Row>(row: T, url: URL, spec: ListSpec<T>) {
  if (!url.searchParams.has('include')) return answer(spec.item, row);
  return answer(spec.item, shaped(row, askedIncludes(url, spec), spec));
}

/** What each file of `handlers/` exports as `mock`; `server.ts` registers every file's. */
export type MockModule = {
  handlers: readonly RequestHandler[];
  /** The in-memory stores the test setup puts back to their starting data before each test. */
  stores?: readonly { reset(): void }[];
  /** Registered before every other file's: fixed paths a sibling's `:id` would read as an id (`v1/dsps/staff`). */
  first?: boolean;
};

const isId = (value: unknown) => /^\d+$/.test(String(value));

/** `GET path` as the list of `rows(params)`; a parent that does not exist answers its own 404. */
export const listHandler = <T extends Row>(path: string, spec: ListSpec<T>, rows: (params: Params) => readonly T[] | Response) =>
  http.get(apiUrl(path), ({ request, params }) => {
    const found = rows(params);
    return found instanceof Response ? found : listOf(found, new URL(request.url), spec);
  });

/** A resource's rows wherever the mock keeps them. */
export type Rows<T extends Row> = {
  /** The rows the list under `params` reads (all of them for a top-level list), or its parent's 404. */
  under: (params: Params) => readonly T[] | Response;
  all: () => readonly T[];
  find: (id: number) => T | undefined;
  /** Stores a new row under the parent `params` names. */
  insert: (row: T, params: Params) => void;
  /** Puts `row` in the place of the stored row with its id. */
  replace: (row: T) => void;
  remove: (row: T) => void;
};

/** A list under a parent: the rows whose `field` is the path's `param`; a parent `exists` does not know is a 404. */
export type Parent<T> = { param: string; field: keyof T & string; exists?: (id: number) => boolean; notFound?: string };

/** Rows kept in one array of a store (`sponsorsDb.sponsors`), read afresh on each call since a reset replaces it. */
export function arrayRows<S extends Record<K, Row[]>, K extends keyof S & string>(store: S, key: K, parent?: Parent<S[K][number]>): Rows<S[K][number]> {
  type T = S[K][number];
  const rows = () => store[key] as T[];
  const set = (next: T[]) => ((store as Record<K, T[]>)[key] = next);
  return {
    under: (params) => {
      if (!parent) return rows();
      const id = Number(params[parent.param]);
      if (parent.exists && !parent.exists(id)) return fail(404, parent.notFound ?? 'La ruta no existe.');
      return rows().filter((row) => row[parent.field] === id);
    },
    all: rows,
    find: (id) => rows().find((row) => row.id === id),
    insert: (row) => void rows().push(row),
    replace: (row) => set(rows().map((other) => (other.id === row.id ? row : other))),
    remove: (row) => set(rows().filter((other) => other.id !== row.id)),
  };
}

type ChildOf<P, K extends keyof P> = NonNullable<P[K]> extends readonly (infer T extends Row)[] ? T : never;

/** Rows kept on their parents (`campaign.plans`): the list and the create name the parent by the path's `param`. */
export function childRows<P extends Row, K extends keyof P & string>(parents: () => readonly P[], key: K, param: string, notFound: string): Rows<ChildOf<P, K>> {
  type T = ChildOf<P, K>;
  const childrenOf = (parent: P) => (parent[key] as T[] | undefined) ?? [];
  const set = (parent: P, children: T[]) => ((parent as Record<K, unknown>)[key] = children);
  const ownerOf = (id: number) => parents().find((parent) => childrenOf(parent).some((row) => row.id === id))!;
  const parentOf = (params: Params) => parents().find((candidate) => candidate.id === Number(params[param]));
  return {
    under: (params) => {
      const parent = parentOf(params);
      return parent ? childrenOf(parent) : fail(404, notFound);
    },
    all: () => parents().flatMap(childrenOf),
    find: (id) => parents().flatMap(childrenOf).find((row) => row.id === id),
    insert: (row, params) => {
      const parent = parentOf(params)!;
      set(parent, [...childrenOf(parent), row]);
    },
    replace: (row) => {
      const parent = ownerOf(row.id);
      set(parent, childrenOf(parent).map((other) => (other.id === row.id ? row : other)));
    },
    remove: (row) => {
      const parent = ownerOf(row.id);
      set(parent, childrenOf(parent).filter((other) => other.id !== row.id));
    },
  };
}

/** A unique index the server keeps: `field` held once per scope, compared trimmed, ignoring case and accents. */
export type Unique<T> = { field: keyof T & string; message: string; scope?: (row: T, other: T) => boolean };

/** The server's 409 for the first unique value `row` shares with another row, under its field. */
const clash = <T extends Row>(row: T, rows: readonly T[], uniques: readonly Unique<T>[]) => {
  for (const { field, message, scope } of uniques) {
    if (row[field] === undefined || row[field] === null) continue;
    const wanted = fold(String(row[field]).trim());
    const taken = rows.some((other) => other.id !== row.id && (!scope || scope(row, other)) && fold(String(other[field] ?? '').trim()) === wanted);
    if (taken) return fail(409, message, { [field]: [message] });
  }
  return null;
};

/** What a write sent, as the resource's `log` and its `row` builders read it. */
export type Sent = {
  method: 'create' | 'update';
  /** The parent's id for a create under a parent (its path's first parameter), the row's for an update. */
  id: number | undefined;
  /** The form's pairs as text, a file as `file:<its name>`; empty for a JSON body. */
  fields: Record<string, string>;
  /** The body as the contract's schemas read it: the JSON, or the form's pairs nested. */
  body: Record<string, unknown>;
  params: Params;
  /** Keys this write's answer shows once and the store never keeps (an API client's secret). */
  answered: Record<string, unknown>;
};

const sent = async (request: Request, method: Sent['method'], id: number | undefined, params: Params): Promise<Sent> => {
  const fields = request.headers.get('content-type')?.includes('application/json') ? {} : await formFields(request.clone());
  return { method, id, fields, body: await jsonOrFormBody(request), params, answered: {} };
};

/** A write: the contract's body schema, and the stored row it makes (or the answer refusing it). */
type Write<S extends z.ZodType, Args extends unknown[], T> = { schema: S; row: (...args: [...Args, z.output<S>, Sent]) => T | Response; message: string };

/** A resource the panel lists, reads, writes and deletes, answered as the server answers it. */
export type Resource<T extends Row, C extends z.ZodType, U extends z.ZodType> = {
  /** Where a row lives: its detail, update, delete and deletion check are `path/:id`. */
  path: string;
  /** The list and the create when they live under a parent (`v1/dsps/:dspId/clients`); `path` otherwise; `false`: no list route. */
  list?: string | false;
  spec: ListSpec<T>;
  /** The detail's relations when they differ from the list's; `false` when there is no detail route. */
  detail?: ListSpec<T> | false;
  rows: Rows<T>;
  notFound: string;
  /** What every answer shows of a stored row (a connector's credentials masked). */
  shown?: (row: T) => T;
  create?: Write<C, [], T>;
  update?: Write<U, [current: T], T> & { verb?: 'post' | 'put' };
  /** A write's answer: its schema (the item's unless told) and the relations it includes (the stored ones unless told). */
  written?: { schema?: z.ZodType; includes?: readonly string[] };
  unique?: readonly Unique<T>[];
  /** Records what a write sent, before anything is checked. */
  log?: (write: Sent) => void;
  /** `GET path/:id/deletion`, and `DELETE path/:id` with the answer's message when the panel deletes these. */
  deletion?: { refusal?: (row: T) => string | null; deleted?: string };
};

/** The handlers of a resource: its list, detail, create, update, deletion check and delete, as far as it has them. */
export function resourceHandlers<T extends Row, C extends z.ZodType = z.ZodNever, U extends z.ZodType = z.ZodNever>(resource: Resource<T, C, U>): RequestHandler[] {
  const { path, spec, rows, notFound, create, update, deletion } = resource;
  const list = resource.list || path;
  const show = resource.shown ?? ((row: T) => row);
  const detail = resource.detail ?? spec;
  const answerWrite = (row: T, write: Sent, message: string, status: number) => {
    const includes = resource.written?.includes;
    const data = { ...show(includes ? shaped(row, includes, spec) : row), ...write.answered };
    return answer(resource.written?.schema ?? spec.item, data, message, status);
  };
  const refusedOrStored = (row: T | Response, store: (row: T) => void, write: Sent, message: string, status: number) => {
    if (row instanceof Response) return row;
    const refused = clash(row, rows.all(), resource.unique ?? []);
    if (refused) return refused;
    store(row);
    return answerWrite(row, write, message, status);
  };
  const handlers: RequestHandler[] = [];
  if (resource.list !== false) {
    handlers.push(
      listHandler(list, spec, (params) => {
        const found = rows.under(params);
        return found instanceof Response ? found : found.map(show);
      }),
    );
  }
  if (detail) {
    handlers.push(
      http.get(apiUrl(`${path}/:id`), ({ request, params }) => {
        if (!isId(params.id)) return undefined;
        const row = rows.find(Number(params.id));
        return row ? detailOf(show(row), new URL(request.url), detail) : fail(404, notFound);
      }),
    );
  }
  if (create) {
    handlers.push(
      http.post(apiUrl(list), async ({ request, params }) => {
        const [parentId] = Object.values(params);
        const write = await sent(request, 'create', parentId === undefined ? undefined : Number(parentId), params);
        resource.log?.(write);
        const parent = rows.under(params);
        if (parent instanceof Response) return parent;
        const input = parseBody(create.schema, write.body);
        if (input instanceof Response) return input;
        return refusedOrStored(create.row(input, write), (row) => rows.insert(row, params), write, create.message, 201);
      }),
    );
  }
  if (update) {
    handlers.push(
      http[update.verb ?? 'post'](apiUrl(`${path}/:id`), async ({ request, params }) => {
        if (!isId(params.id)) return undefined;
        const write = await sent(request, 'update', Number(params.id), params);
        resource.log?.(write);
        const current = rows.find(Number(params.id));
        if (!current) return fail(404, notFound);
        const stale = staleVersionAnswer(request, write.body, show(current) as { version?: number });
        if (stale) return stale;
        const input = parseBody(update.schema, write.body);
        if (input instanceof Response) return input;
        return refusedOrStored(nextVersion(current, update.row(current, input, write)), rows.replace, write, update.message, 200);
      }),
    );
  }
  if (deletion) {
    const refusal = deletion.refusal ?? (() => null);
    handlers.push(
      http.get(apiUrl(`${path}/:id/deletion`), ({ params }) => {
        const row = rows.find(Number(params.id));
        return row ? deletionAnswer(refusal(row)) : fail(404, notFound);
      }),
    );
    const { deleted } = deletion;
    if (deleted !== undefined) {
      handlers.push(
        http.delete(apiUrl(`${path}/:id`), ({ request, params }) => {
          const row = rows.find(Number(params.id));
          if (!row) return fail(404, notFound);
          const stale = staleVersionAnswer(request, undefined, show(row) as { version?: number });
          if (stale) return stale;
          const reason = refusal(row);
          if (reason) return fail(409, reason);
          rows.remove(row);
          const entryId = nextEntryId++;
          deletedRows.set(entryId, () => {
            rows.insert(row, params);
            return row;
          });
          return answer(deletedRecord, { entry_id: entryId, restorable_until: new Date(Date.now() + 30 * 86_400_000).toISOString() }, deleted);
        }),
      );
    }
  }
  return handlers;
}

/** The rows the handlers deleted, by the history entry their DELETE answered: the restore puts them back. */
const deletedRows = new Map<number, () => Row>();
let nextEntryId = 9000;

/** `POST v1/audit/:id/restore` for whatever a resource's handlers deleted: 201 once, 409 again, 404 for an unknown entry. */
export const restoreHandler = http.post(apiUrl('v1/audit/:id/restore'), ({ params }) => {
  const id = Number(params.id);
  const restore = deletedRows.get(id);
  if (restore === undefined) return fail(404, RESTORE_MESSAGES.entryNotFound);
  deletedRows.delete(id);
  return answer(restoredRecord, restore(), RESTORE_MESSAGES.restored, 201);
});

/** What keeps a row from being deleted: dependents counted in the stores, in the contract's nouns. */
export type Dependents<T> = readonly { count: (row: T) => number; nouns: readonly [one: string, many: string] }[];

/** The first reason to refuse a delete, or a reason a test set. */
export const refusalOf = <T>(row: T, dependents: Dependents<T>, set: string | null = null) => {
  if (set) return set;
  for (const { count, nouns } of dependents) {
    const total = count(row);
    if (total > 0) return cannotDelete(total, ...nouns);
  }
  return null;
};

/** A stored row after an update: one version on, as the server counts them. */
export const nextVersion = <T extends object>(current: T, row: T | Response): T | Response =>
  row instanceof Response || !('version' in current) ? row : { ...row, version: (current as { version: number }).version + 1 };

/** The row with `changes` laid over it, a key left undefined keeping its value (an update's "absent"). */
export const merged = <T extends object>(row: T, changes: { [K in keyof T]?: T[K] | undefined }): T => {
  const next = { ...row };
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  return next;
};
