import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { index, text, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

/** The folding's two translate() arguments, as literals: an index on a folded column must be written the same way. */
const FOLD_FROM = sql.raw(`'${ACCENTED}'`);
const FOLD_TO = sql.raw(`'${PLAIN}'`);

/**
 * A text column as people expect names sorted and searched: case and accents ignored ('Ágil'
 * between 'acme' and 'Banco'; 'agil' finds it). Plain SQL, so it behaves the same on PGlite and on
 * any PostgreSQL server, whatever its collation and whether or not it was built with ICU. Written
 * with literals, not parameters, so that the indexes on this same expression (`searchIndex`,
 * `sortIndex`) serve the lists' searches and sorts.
 */
export const sortableText = (column: AnyColumn | SQL): SQL => sql`lower(translate(${column}, ${FOLD_FROM}, ${FOLD_TO}))`;

/**
 * A name as two names are compared for "the same name": trimmed, case and accents ignored
 * ('  Ágil ' is 'agil'). Literals, not parameters, so it can also define a unique index (the
 * guard against two writes racing); `expression` is a column or a value.
 */
export const foldedName = (expression: AnyColumn | SQL): SQL => sql`lower(translate(btrim(${expression}), ${FOLD_FROM}, ${FOLD_TO}))`;

/** `value` folded the way `sortableText` folds a column. */
const fold = (value: string): string =>
  [...value].map((char) => PLAIN[ACCENTED.indexOf(char)] ?? char).join('').toLowerCase();

/** `value` as `foldedName` folds it in SQL (trimmed, case and accents ignored), to compare names before writing them. */
export const foldedValue = (value: string): string => fold(value.replace(/^ +| +$/g, ''));

/** The column contains `value`, ignoring case and accents; `%` and `_` match themselves. */
export const containsText = (column: AnyColumn, value: string): SQL => sql`${sortableText(column)} like ${likePattern(value)}`;

/** `%`, `_` and `\\` escaped so that they match themselves in a LIKE pattern. */
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** '%value%' folded, with `%`, `_` and `\\` escaped so that they match themselves. */
const likePattern = (value: string): string => `%${escapeLike(fold(value))}%`;

/**
 * A stored copy of a text column, folded as `sortableText` folds it (a generated column), for a
 * table whose searches keep thousands of rows: each row found by the trigrams is checked against
 * the copy instead of folding its text again: translate() on every row found was most of such a
 * search's time.
 */
export const foldedCopy = (name: string, sourceColumn: string) =>
  text(name).generatedAlwaysAs(sortableText(sql`${sql.identifier(sourceColumn)}`));

/** A `foldedCopy` contains `value`, ignoring case and accents; `%` and `_` match themselves. */
export const copyContains = (copy: AnyColumn, value: string): SQL => sql`${copy} like ${likePattern(value)}`;

/**
 * A folded text (a `foldedCopy`, or `sortableText` of a column) that a search term finds: it
 * contains the term; a term shorter than a trigram, only at its start. No trigram index finds two
 * letters inside a word ('%ag%' reads the whole index, every row of a large table), but the
 * index's padded first trigrams find a text that starts with them.
 */
export const foldedMatches = (folded: AnyColumn | SQL, value: string): SQL =>
  [...value].length < 3 ? sql`${folded} like ${`${escapeLike(fold(value))}%`}` : sql`${folded} like ${likePattern(value)}`;

/**
 * How well a folded text (a `foldedCopy`, or `sortableText` of a column) matches `value`, for a
 * search that ranks what `copyContains` / `containsText` found: 0 when it is `value` (ignoring case
 * and accents), 1 when it starts with it, 2 otherwise (it contains it, or it is another field of
 * the row that matched).
 */
export const matchRank = (folded: AnyColumn | SQL, value: string): SQL<number> =>
  sql<number>`case when ${folded} = ${fold(value)} then 0 when ${folded} like ${`${escapeLike(fold(value))}%`} then 1 else 2 end`;

/** pg_trgm's similarity of a folded text to `value` folded, 0 to 1: the order among equal `matchRank`s. */
export const similarityTo = (folded: AnyColumn | SQL, value: string): SQL<number> => sql<number>`similarity(${folded}, ${fold(value)})`;

/** A trigram index on a `foldedCopy`: `copyContains` reads it. */
export const copySearchIndex = (name: string, copy: ExtraConfigColumn) => index(name).using('gin', copy.op('gin_trgm_ops'));

/**
 * A trigram index on the folded column: `containsText` ('%agil%') reads it instead of every row.
 * Needs the pg_trgm extension (created by the migrations; PGlite loads it in `openDatabase`).
 */
export const searchIndex = (name: string, column: AnyColumn) => index(name).using('gin', sql`${sortableText(column)} gin_trgm_ops`);

/**
 * The folded column in order, after `within` (a DSP's customers by name), then `id`, the lists'
 * tie-break: a list sorted by `sortableText` reads its page from here instead of sorting every row.
 * The column itself is the last key so that a deep page's ids come from the index alone (an
 * index-only scan): PostgreSQL reads an expression's columns, not the expression, from an index.
 */
export const sortIndex = (name: string, column: ExtraConfigColumn, order: { id: ExtraConfigColumn; within?: ExtraConfigColumn }) =>
  order.within
    ? index(name).using('btree', order.within, sortableText(column), order.id, column)
    : index(name).using('btree', sortableText(column), order.id, column);
