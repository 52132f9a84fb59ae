import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

/**
 * A text column as people expect names sorted and searched: case and accents ignored ('Ágil'
 * between 'acme' and 'Banco'; 'agil' finds it). Plain SQL, so it behaves the same on PGlite and on
 * any PostgreSQL server, whatever its collation and whether or not it was built with ICU.
 */
export const sortableText = (column: AnyColumn): SQL => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/**
 * A name as two names are compared for "the same name": trimmed, case and accents ignored
 * ('  Ágil ' is 'agil'). Literals, not parameters, so it can also define a unique index (the
 * guard against two writes racing); `expression` is a column or a value.
 */
export const foldedName = (expression: AnyColumn | SQL): SQL =>
  sql`lower(translate(btrim(${expression}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;

/** `value` folded the way `sortableText` folds a column. */
const fold = (value: string): string =>
  [...value].map((char) => PLAIN[ACCENTED.indexOf(char)] ?? char).join('').toLowerCase();

/** The column contains `value`, ignoring case and accents; `%` and `_` match themselves. */
export const containsText = (column: AnyColumn, value: string): SQL =>
  sql`${sortableText(column)} like ${`%${fold(value).replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`;
