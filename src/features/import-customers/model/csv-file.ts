import { IMPORT_PREVIEW_ROWS, MAX_IMPORT_BYTES, detectSeparator, type ImportRowError } from '@contract/customer-import.constants';
import { parse } from 'csv-parse/browser/esm/sync';

/** A chosen file as the wizard shows it: its headers, its first rows, how it is separated. */
export interface CsvPreview {
  headers: string[];
  rows: string[][];
  delimiter: ',' | ';';
}

/**
 * The file's text, read as the server reads it: UTF-8 when its bytes are valid UTF-8 (a byte-order
 * mark is dropped), else Windows-1252, what Excel in es-CO saves otherwise.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the file's header line, decided as the server decides it. */
export const detectDelimiter = (text: string): ',' | ';' => detectSeparator(text.split(/\r?\n/, 1)[0] ?? '');

interface ParsedRecord {
  line: number;
  cells: string[];
}

/** Every record with the line it starts on (the headers are line 1), blank rows skipped as the server skips them. */
function records(text: string, delimiter: string, toLine?: number): ParsedRecord[] {
  const parsed = parse(text, { delimiter, bom: true, info: true, relax_column_count: true, skip_empty_lines: true, ...(toLine ? { to_line: toLine } : {}) }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  return parsed
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
    .map(({ record, info }) => ({ line: info.lines - record.reduce((total, cell) => total + (cell.match(/\n/g)?.length ?? 0), 0), cells: record }));
}

export const FILE_TOO_LARGE = `El archivo supera el máximo de ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`;
export const FILE_UNREADABLE = 'No se pudo leer el archivo como CSV. Guárdalo como «CSV (delimitado por comas)» o «CSV UTF-8».';
export const FILE_EMPTY = 'El archivo está vacío: la primera fila debe nombrar las columnas.';

/** The headers and first rows of a chosen file, or the Spanish reason it cannot be read. */
export async function previewCsv(file: File): Promise<CsvPreview | { error: string }> {
  if (file.size > MAX_IMPORT_BYTES) return { error: FILE_TOO_LARGE };
  // Only the start of the file: the preview needs its first lines, not its 20 MB.
  const text = decodeCsv(await file.slice(0, 256 * 1024).arrayBuffer());
  const delimiter = detectDelimiter(text);
  try {
    const found = records(text, delimiter, IMPORT_PREVIEW_ROWS + 20);
    const [headers, ...rows] = found;
    if (!headers) return { error: FILE_EMPTY };
    return { headers: headers.cells.map((header) => header.trim()), rows: rows.slice(0, IMPORT_PREVIEW_ROWS).map((row) => row.cells), delimiter };
  } catch {
    return { error: FILE_UNREADABLE };
  }
}

const quote = (cell: string, delimiter: string) => (/["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * The file's refused rows as a CSV to correct in a spreadsheet: the headers and each refused row
 * as it was, with an `error` column saying what is wrong ('email: El email no es válido'); UTF-8
 * with a byte-order mark and the file's own separator, so Excel opens it as it opened the original.
 */
export async function rejectedRowsCsv(file: File, errors: readonly ImportRowError[]): Promise<Blob> {
  const text = decodeCsv(await file.arrayBuffer());
  const delimiter = detectDelimiter(text);
  const byLine = new Map<number, string[]>();
  for (const error of errors) byLine.set(error.line, [...(byLine.get(error.line) ?? []), `${error.column}: ${error.message}`]);
  const [headers, ...rows] = records(text, delimiter);
  const lines = [[...(headers?.cells ?? []), 'error']];
  for (const row of rows) {
    const found = byLine.get(row.line);
    if (found) lines.push([...row.cells, found.join('; ')]);
  }
  const csv = lines.map((cells) => cells.map((cell) => quote(cell, delimiter)).join(delimiter)).join('\r\n');
  return new Blob(['\ufeff', csv, '\r\n'], { type: 'text/csv;charset=utf-8' });
}
