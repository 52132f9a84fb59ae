/**
 * The one list-query parser every list endpoint uses, with spatie/laravel-query-builder
 * conventions: `filter[name]=value`, `sort=name,-created_at`, `include=a,b.c`, `fields=id,name`,
 * `page`, `limit` (capped; the 400 says the cap). `q` is a synonym of `filter[q]`.
 *
 * Decisions (the wire contract lists no more than this):
 * - Top-level keys accepted: `filter[...]` (or an already nested `filter` object), `q`, `sort`,
 *   `include`, `fields`, `page`, `limit` and `_`. `_` is a cache buster (jQuery/ky style
 *   `_=1712345678`): allowed and ignored. `per_page`, `fields[x]`, `filter` as a plain string and
 *   anything else → 400 naming the parameter, so a typo never silently returns unfiltered data.
 * - Any of these parameters sent twice (an array) → 400.
 * - `page` / `limit`: decimal digits only ('007' is 7; '1e3', '1.5', ' 2', '-1', '0x10' are 400).
 *   An empty value (`page=`) counts as absent. `page` above MAX_PAGE → 400 (keeps offsets sane).
 *   `limit` above the cap → 400 that says the cap (rejected, not clamped).
 * - `sort`: the same field twice (in either direction) → 400. `sort=` (empty) means the default.
 *   `defaultSort` is trusted server configuration: it is not checked against `sorts`.
 * - `include`: allowing 'plans.services' also allows 'plans' (as spatie does). The includes are
 *   returned as requested (trimmed, deduped, in order); no implied parents are added.
 * - `fields`: trimmed, deduped; missing or empty → null (all fields).
 * - Filter values: trimmed; empty → absent; longer than 200 characters → 400. `filter[q]` wins
 *   over `q` when both keys are present (even if `filter[q]` is empty). Characters PostgreSQL
 *   cannot store (NUL) are refused before this parser runs, for every route (sanitize.ts).
 * - `filters` has no prototype: `filters.x === undefined` always means "not sent", whatever x is.
 * - Names echoed in messages are cut to 60 characters and at most 10 are listed, so a hostile
 *   query cannot make the answer huge.
 */
import { DEFAULT_LIST_LIMIT, limitTooLargeMessage } from '@contract/list.constants';
import { MAX_LIST_LIMIT } from '../../contract/common';
import { badRequest } from './errors';

export interface ListSpec {
  /** Allowed filter names, e.g. ['q', 'country_id']. */
  filters: readonly string[];
  /** Allowed sort fields (used with or without a leading '-'). */
  sorts: readonly string[];
  /** Allowed include paths, e.g. ['country', 'plans.services']. */
  includes?: readonly string[];
  /** Allowed sparse fields. */
  fields?: readonly string[];
  /** e.g. '-created_at' or 'name'. */
  defaultSort?: string;
  /** Default 15. */
  defaultLimit?: number;
  /** Default MAX_LIST_LIMIT (300). */
  maxLimit?: number;
  /** Top-level parameters of this list besides the usual ones (a time zone `tz`); its filters read them. */
  extraKeys?: readonly string[];
}

export interface SortTerm {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  filters: Record<string, string>;
  sort: SortTerm[];
  includes: string[];
  /** null = all fields. */
  fields: string[] | null;
  /** >= 1 */
  page: number;
  /** 1..maxLimit */
  limit: number;
}

export { DEFAULT_LIST_LIMIT };
/** Largest page number accepted; (MAX_PAGE - 1) * 300 stays far below any integer limit. */
export const MAX_PAGE = 1_000_000;
/** Longest filter value accepted, in characters. */
export const MAX_FILTER_LENGTH = 200;

const KNOWN_KEYS = new Set(['q', 'sort', 'include', 'fields', 'page', 'limit', '_', 'filter']);
const FLAT_FILTER_KEY = /^filter\[([^[\]]+)\]$/;
const DIGITS = /^[0-9]+$/;

const MAX_NAME_LENGTH = 60;
const MAX_NAMES_LISTED = 10;

/** A name as it may appear in a message: cut when long. */
const shown = (name: string): string =>
  name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH)}…` : name;

const listNames = (names: readonly string[]): string => {
  const head = names.slice(0, MAX_NAMES_LISTED).map(shown).join(', ');
  const rest = names.length - MAX_NAMES_LISTED;
  return rest > 0 ? `${head} (y ${rest} más)` : head;
};

/** 'Filtro no permitido: foo. Filtros permitidos: q, country_id.' and its siblings. */
function notAllowed(
  words: { one: string; many: string; allowed: string; none: string },
  offending: readonly string[],
  allowed: readonly string[],
): Error {
  const head = offending.length === 1 ? `${words.one}: ${listNames(offending)}.` : `${words.many}: ${listNames(offending)}.`;
  const tail = allowed.length === 0 ? words.none : `${words.allowed}: ${allowed.join(', ')}.`;
  return badRequest(`${head} ${tail}`);
}

const FILTER_WORDS = {
  one: 'Filtro no permitido',
  many: 'Filtros no permitidos',
  allowed: 'Filtros permitidos',
  none: 'Esta lista no admite filtros.',
};
const SORT_WORDS = {
  one: 'Orden no permitido',
  many: 'Órdenes no permitidos',
  allowed: 'Órdenes permitidos',
  none: 'Esta lista no admite ordenar.',
};
const INCLUDE_WORDS = {
  one: 'Relación (include) no permitida',
  many: 'Relaciones (include) no permitidas',
  allowed: 'Relaciones permitidas',
  none: 'Esta lista no admite relaciones (include).',
};
const FIELD_WORDS = {
  one: 'Campo no permitido',
  many: 'Campos no permitidos',
  allowed: 'Campos permitidos',
  none: 'Esta lista no admite elegir campos.',
};

const repeated = (name: string) => badRequest(`El parámetro ${shown(name)} se envió más de una vez.`);

/** A single string parameter: undefined when absent, 400 when repeated or not a string. */
function single(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) throw repeated(name);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw badRequest(`El parámetro ${shown(name)} no es válido.`);
}

/** Comma list: trimmed, empty entries dropped. */
const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

const dedupe = (values: string[]): string[] => [...new Set(values)];

function positiveInteger(name: 'page' | 'limit', raw: unknown): number | undefined {
  if (Array.isArray(raw)) throw badRequest(`El parámetro ${name} debe ser un número entero positivo.`);
  const value = raw === undefined || raw === null ? undefined : typeof raw === 'number' ? String(raw) : raw;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !DIGITS.test(value)) {
    throw badRequest(`El parámetro ${name} debe ser un número entero positivo.`);
  }
  // Strip leading zeros before measuring so '0000000000002' is 2, and so a 400-digit string
  // never reaches Number() as something meaningful: anything with more than 9 digits is huge.
  const digits = value.replace(/^0+/, '');
  if (digits === '') throw badRequest(`El parámetro ${name} debe ser un número entero positivo.`);
  return digits.length > 9 ? Number.MAX_SAFE_INTEGER : Number(digits);
}

function filterValue(name: string, raw: unknown): string | undefined {
  if (Array.isArray(raw)) throw badRequest(`El filtro ${shown(name)} se envió más de una vez.`);
  let value: string;
  if (typeof raw === 'string') value = raw;
  else if (typeof raw === 'number' || typeof raw === 'boolean') value = String(raw);
  else if (raw === undefined || raw === null) return undefined;
  else throw badRequest(`El filtro ${shown(name)} debe ser un texto.`);
  value = value.trim();
  if (value === '') return undefined;
  if (value.length > MAX_FILTER_LENGTH) {
    throw badRequest(`El filtro ${shown(name)} no puede superar ${MAX_FILTER_LENGTH} caracteres.`);
  }
  return value;
}

/** `-created_at,name` → terms; `allowed` null skips the allow-list (server-side default). */
function parseSort(value: string, allowed: readonly string[] | null): SortTerm[] {
  const terms: SortTerm[] = [];
  const seen = new Set<string>();
  const rejected: string[] = [];
  for (const entry of commaList(value)) {
    const desc = entry.startsWith('-');
    const field = (desc ? entry.slice(1) : entry).trim();
    if (allowed !== null && !allowed.includes(field)) {
      rejected.push(entry);
      continue;
    }
    if (seen.has(field)) throw badRequest(`El campo ${shown(field)} aparece más de una vez en sort.`);
    seen.add(field);
    terms.push({ field, direction: desc ? 'desc' : 'asc' });
  }
  if (rejected.length > 0) throw notAllowed(SORT_WORDS, dedupe(rejected), allowed ?? []);
  return terms;
}

/** The allowed include paths plus every parent path ('plans.services' also allows 'plans'). */
function expandIncludes(includes: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const path of includes) {
    const segments = path.split('.');
    for (let i = 1; i <= segments.length; i++) out.add(segments.slice(0, i).join('.'));
  }
  return out;
}

export function parseListQuery(query: Record<string, unknown>, spec: ListSpec): ListQuery {
  const maxLimit = spec.maxLimit ?? MAX_LIST_LIMIT;
  const defaultLimit = Math.min(spec.defaultLimit ?? DEFAULT_LIST_LIMIT, maxLimit);

  // 1. Sort the keys: flat filters, the known parameters, the unknown ones.
  const rawFilters = new Map<string, unknown>();
  const unknownKeys: string[] = [];
  const unknownFilters: string[] = [];
  const addFilter = (name: string, value: unknown) => {
    if (rawFilters.has(name)) throw badRequest(`El filtro ${shown(name)} se envió más de una vez.`);
    if (!spec.filters.includes(name)) unknownFilters.push(name);
    else rawFilters.set(name, value);
  };

  for (const key of Object.keys(query)) {
    const value = query[key];
    const flat = FLAT_FILTER_KEY.exec(key);
    if (flat) {
      addFilter(flat[1] as string, value);
    } else if (key === 'filter') {
      if (value === undefined || value === null) continue;
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw badRequest('El parámetro filter debe usarse como filter[nombre]=valor.');
      }
      for (const name of Object.keys(value)) addFilter(name, (value as Record<string, unknown>)[name]);
    } else if (!KNOWN_KEYS.has(key) && !spec.extraKeys?.includes(key)) {
      unknownKeys.push(key);
    }
  }

  if (unknownKeys.length > 0) {
    const label = unknownKeys.length === 1 ? 'Parámetro no permitido' : 'Parámetros no permitidos';
    throw badRequest(
      `${label}: ${listNames(unknownKeys)}. Parámetros admitidos: ${['filter[...]', 'q', 'sort', 'include', 'fields', 'page', 'limit', ...(spec.extraKeys ?? [])].join(', ')}.`,
    );
  }

  // 2. `q`, the synonym of filter[q].
  if (query.q !== undefined && query.q !== null) {
    if (!spec.filters.includes('q')) {
      if (!unknownFilters.includes('q')) unknownFilters.push('q');
    } else if (!rawFilters.has('q')) {
      if (Array.isArray(query.q)) throw badRequest('El filtro q se envió más de una vez.');
      rawFilters.set('q', query.q);
    }
  }

  if (unknownFilters.length > 0) throw notAllowed(FILTER_WORDS, dedupe(unknownFilters), spec.filters);

  const filters = Object.create(null) as Record<string, string>;
  for (const [name, raw] of rawFilters) {
    const value = filterValue(name, raw);
    if (value !== undefined) filters[name] = value;
  }

  // 3. sort.
  const sortParam = single('sort', query.sort);
  const sort =
    sortParam !== undefined && commaList(sortParam).length > 0
      ? parseSort(sortParam, spec.sorts)
      : spec.defaultSort !== undefined
        ? parseSort(spec.defaultSort, null)
        : [];

  // 4. include.
  const includeParam = single('include', query.include);
  const includes = includeParam === undefined ? [] : dedupe(commaList(includeParam));
  if (includes.length > 0) {
    const allowed = expandIncludes(spec.includes ?? []);
    const rejected = includes.filter((path) => !allowed.has(path));
    if (rejected.length > 0) throw notAllowed(INCLUDE_WORDS, rejected, spec.includes ?? []);
  }

  // 5. fields.
  const fieldsParam = single('fields', query.fields);
  const fieldList = fieldsParam === undefined ? [] : dedupe(commaList(fieldsParam));
  if (fieldList.length > 0) {
    const allowed = spec.fields ?? [];
    const rejected = fieldList.filter((field) => !allowed.includes(field));
    if (rejected.length > 0) throw notAllowed(FIELD_WORDS, rejected, allowed);
  }
  const fields = fieldList.length > 0 ? fieldList : null;

  // 6. page and limit.
  const page = positiveInteger('page', query.page) ?? 1;
  if (page > MAX_PAGE) throw badRequest(`El parámetro page no puede superar ${MAX_PAGE}.`);
  const limit = positiveInteger('limit', query.limit) ?? defaultLimit;
  if (limit > maxLimit) throw badRequest(limitTooLargeMessage(maxLimit));

  return { filters, sort, includes, fields, page, limit };
}
