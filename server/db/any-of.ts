import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `values` as PostgreSQL's array literal, every element quoted. The database reads it as an array
 * of the column's type, enums included. Passed as a JavaScript array instead, PGlite writes an
 * enum array as `ACTIVE,DRAFT` on a database migrated since it started: it learns the array types
 * of the schema's own types only as it opens.
 */
const arrayLiteral = (values: readonly (number | string)[]): string => `{${values.map((value) => `"${String(value).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/**
 * The rows whose `column` is one of `values`, sent as one array parameter: `column = any($1)`.
 * drizzle's `inArray` sends a parameter per value, each typed and escaped as the statement is
 * built, several times slower for a page's ids than one array, and PostgreSQL then parses a
 * parameter per id instead of one. The statement's text is also the same
 * whatever the number of values. No values match no row.
 */
export const anyOf = (column: AnyColumn, values: readonly (number | string)[]): SQL => sql`${column} = any(${sql.param(arrayLiteral(values))})`;
