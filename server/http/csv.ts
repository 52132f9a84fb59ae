import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

/**
 * A spreadsheet runs a cell that starts with =, +, - or @ (or a tab or carriage return before one)
 * as a formula; text people typed (a name '=HYPERLINK(…)') is shown as text instead, behind a quote.
 */
export const spreadsheetText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One cell as it is handed to `csvStream`: empty when null or undefined. */
export type CsvCell = string | number | null | undefined;

/**
 * A CSV streamed as `rows` yields them: UTF-8 with a byte-order mark, so spreadsheet programs read
 * the accents right, and the header first. Every cell goes through `spreadsheetText`, whatever its
 * column, so that no export can forget it. An error while reading ends the stream with it.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<CsvCell[]>): Readable {
  const csv = stringify({ header: true, columns: [...header], bom: true });
  async function* guarded() {
    for await (const row of rows) yield row.map((cell) => (cell === null || cell === undefined ? '' : spreadsheetText(String(cell))));
  }
  Readable.from(guarded()).on('error', (error) => csv.destroy(error)).pipe(csv);
  return csv;
}

/** Today's date (UTC) for a file's name: 'ventas-2026-03-31.csv'. */
export const csvFileName = (prefix: string): string => `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`;

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant (ISO 8601, as items write them) on the clock of `timeZone`, as 'AAAA-MM-DD HH:MM':
 * the Colombian day and time staff read, in the one form every spreadsheet takes for a date
 * whatever its language. Empty without one.
 */
export function csvTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** An amount as a decimal with a dot and two places ('150000.00'), empty without one; its currency goes in the next column. */
export const csvAmount = (amount: number | string | null | undefined): string =>
  amount === null || amount === undefined ? '' : typeof amount === 'string' ? amount : amount.toFixed(2);

/** A yes/no as staff read it. */
export const csvYesNo = (value: boolean | null | undefined): string => (value === null || value === undefined ? '' : value ? 'Sí' : 'No');
