// Route search parsers: filters, sort, tab and page live in the URL. Every route's parser is in
// the entry chunk that /login loads, so these are small functions rather than zod (whose core
// alone costs 15 KB gzip there). A bad value falls back to "not set" instead of an error page.
// TanStack Router hands `?q=123` over as a number, so text accepts numbers too.

type Parser<T> = (value: unknown) => T;

/** Free text such as `q`: trimmed; empty means not set. */
export const searchText: Parser<string | undefined> = (value) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined;

/** A positive whole number such as `page` or an id filter. */
export const searchNumber: Parser<number | undefined> = (value) => {
  const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** A calendar day as YYYY-MM-DD, such as a 'Desde' filter; an impossible day (2026-02-30) is not set. */
export const searchDate: Parser<string | undefined> = (value) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? value : undefined;
};

/** One of a fixed set of values, such as a status, a sort or a tab. */
export const searchEnum =
  <const T extends readonly string[]>(values: T): Parser<T[number] | undefined> =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? (value as T[number]) : undefined;

/**
 * A route's `validateSearch` from one parser per parameter; unknown parameters are dropped.
 * Every parameter is optional, so a link to the route needs no search:
 * `searchSchema({ q: searchText, page: searchNumber })` → `(search) => { q?: string; page?: number }`.
 */
export const searchSchema =
  <const Shape extends Record<string, Parser<unknown>>>(shape: Shape) =>
  (search: Record<string, unknown>): { [K in keyof Shape]?: ReturnType<Shape[K]> } =>
    Object.fromEntries(Object.entries(shape).map(([key, parse]) => [key, parse(search[key])])) as {
      [K in keyof Shape]?: ReturnType<Shape[K]>;
    };

/** The parameters a route's search parser produces. */
export type SearchOf<T extends (search: Record<string, unknown>) => unknown> = ReturnType<T>;
