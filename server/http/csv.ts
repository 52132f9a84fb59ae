import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

/**
 * A spreadsheet runs a cell that starts with =, +, - or @ (or a tab or carriage return before one)
 * as a formula; text people typed (a name '=HYPERLINK(…)') is shown as text instead, behind a quote.
 */
export const spreadsheetText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A CSV streamed as `rows` yields them: UTF-8 with a byte-order mark, so spreadsheet programs read
 * the accents right, and the header first. An error while reading ends the stream with it.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<(string | number)[]>): Readable {
  const csv = stringify({ header: true, columns: [...header], bom: true });
  Readable.from(rows).on('error', (error) => csv.destroy(error)).pipe(csv);
  return csv;
}

/** Today's date (UTC) for a file's name: 'ventas-2026-03-31.csv'. */
export const csvFileName = (prefix: string): string => `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`;
