import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SortTerm } from './list-query';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL: the origin of every link the API builds. */
    publicUrl: string;
  }
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

/** ORDER BY for the parsed sort terms; `columns` maps each allowed sort name to its column. */
export const orderByTerms = (sort: SortTerm[], columns: Record<string, AnyColumn | SQL>): SQL[] =>
  sort.map(({ field, direction }) => {
    const column = columns[field];
    if (!column) throw new Error(`Sort field without a column: ${field}`);
    return direction === 'asc' ? asc(column) : desc(column);
  });

/** Sparse fieldsets: keeps only the requested keys (all when `fields` is null). */
export const pickFields = <T extends Record<string, unknown>>(rows: T[], fields: string[] | null): Partial<T>[] =>
  fields ? rows.map((row) => Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]])) as Partial<T>) : rows;

/** Escapes LIKE wildcards in user input so `%` and `_` match themselves. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
