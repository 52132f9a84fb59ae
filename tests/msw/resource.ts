import { cannotDelete } from '@contract/messages';
import { http, type PathParams } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, breach, deletionAnswer, fail } from './envelope';
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
  return listAnswer(spec.item, found as never, url, spec.pageSize);
}

/** The detail: every stored relation unless `include=` names some, then only those. */
export function detailOf<T extends Row>(row: T, url: URL, spec: ListSpec<T>) {
  if (!url.searchParams.has('include')) return answer(spec.item, row);
  return answer(spec.item, shaped(row, askedIncludes(url, spec), spec));
}

/**
 * `GET path` as the list of `rows(params)`; a parent that does not exist answers its own
 * Response (the 404 of `v1/dsps/:id/customers` when the DSP is unknown).
 */
export const listHandler = <T extends Row>(path: string, spec: ListSpec<T>, rows: (params: Params) => readonly T[] | Response) =>
  http.get(apiUrl(path), ({ request, params }) => {
    const found = rows(params);
    return found instanceof Response ? found : listOf(found, new URL(request.url), spec);
  });

/** `GET path/:id`; a non-numeric id is left to the next handler (`v1/dsps/staff`). */
export const detailHandler = <T extends Row>(path: string, spec: ListSpec<T>, find: (id: number) => T | undefined, notFound: string) =>
  http.get(apiUrl(`${path}/:id`), ({ request, params }) => {
    if (!/^\d+$/.test(String(params.id))) return undefined;
    const row = find(Number(params.id));
    return row ? detailOf(row, new URL(request.url), spec) : fail(404, notFound);
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

/** `GET path/:id/deletion` and `DELETE path/:id`, refused with a 409 while `refusal(row)` gives a reason. */
export const deletionHandlers = <T extends Row>(options: {
  path: string;
  find: (id: number) => T | undefined;
  remove: (row: T) => void;
  refusal: (row: T) => string | null;
  notFound: string;
  deleted: string;
}) => [
  http.get(apiUrl(`${options.path}/:id/deletion`), ({ params }) => {
    const row = options.find(Number(params.id));
    return row ? deletionAnswer(options.refusal(row)) : fail(404, options.notFound);
  }),
  http.delete(apiUrl(`${options.path}/:id`), ({ params }) => {
    const row = options.find(Number(params.id));
    if (!row) return fail(404, options.notFound);
    const reason = options.refusal(row);
    if (reason) return fail(409, reason);
    options.remove(row);
    return answer(z.null(), null, options.deleted);
  }),
];

/**
 * The server's 409 for a unique value already held by another row of the same scope, compared as
 * it compares them (trimmed, ignoring case and accents), under the field with the contract's message.
 */
export function taken<T extends Row>(rows: readonly T[], field: keyof T & string, value: unknown, message: string, self?: number, sameScope: (row: T) => boolean = () => true) {
  if (value === undefined || value === null) return null;
  const wanted = fold(String(value).trim());
  const clash = rows.some((row) => row.id !== self && sameScope(row) && fold(String(row[field] ?? '').trim()) === wanted);
  return clash ? fail(409, message, { [field]: [message] }) : null;
}

/** The row with `changes` laid over it, a key left undefined keeping its value (an update's "absent"). */
export const merged = <T extends object>(row: T, changes: { [K in keyof T]?: T[K] | undefined }): T => {
  const next = { ...row };
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  return next;
};
