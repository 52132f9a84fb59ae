/**
 * Reading a customers import file: streamed from the upload's temp file through iconv-lite and
 * csv-parse, never whole in memory. Excel in es-CO writes either UTF-8 (with a byte-order mark) or
 * Windows-1252, and separates with ';' where the decimal separator is ','; both are read.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, detectSeparator } from '@contract/customer-import';
import { validationFailed } from '../../http/errors';
import type { UploadedFile } from '../../http/uploads';

export type ImportEncoding = 'utf8' | 'windows-1252';

/**
 * UTF-8 when every byte of the file decodes as UTF-8, else Windows-1252 (which decodes any byte):
 * a Windows-1252 'é' (0xE9) alone is never valid UTF-8, so the two are told apart by the bytes.
 */
export async function detectEncoding(path: string): Promise<ImportEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf8';
  } catch {
    return 'windows-1252';
  }
}

/** The file's first line, decoded, from its first 64 KB. */
async function firstLine(path: string, encoding: ImportEncoding): Promise<string> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const text = iconv.decode(buffer.subarray(0, bytesRead), encoding);
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await handle.close();
  }
}

/** One record of the file: `line` is the line it starts on (the headers are line 1). */
export interface FileRecord {
  line: number;
  cells: string[];
}

/**
 * The file's records, headers first, as they are read. Lines with nothing but separators (Excel
 * writes ';;;;' under a table) are skipped. More than MAX_IMPORT_ROWS rows after the headers is a
 * 422, thrown as soon as the row past the limit is read; a file csv-parse cannot read (a quote
 * never closed) is a 422 naming the line.
 */
export async function* readImportFile(file: UploadedFile): AsyncGenerator<FileRecord> {
  const encoding = await detectEncoding(file.path);
  const delimiter = detectSeparator(await firstLine(file.path, encoding));
  const source = file.open();
  const parser = parse({ delimiter, bom: true, info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1024 * 1024 });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(iconv.decodeStream(encoding)).pipe(parser);
  let rows = -1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.every((cell) => cell.trim() === '')) continue;
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) throw validationFailed({ file: [IMPORT_MESSAGES.tooManyRows] }, IMPORT_MESSAGES.tooManyRows);
      // csv-parse counts the line a record ends on; a quoted cell may hold line breaks of its own.
      const breaks = record.reduce((total, cell) => total + (cell.match(/\n/g)?.length ?? 0), 0);
      yield { line: info.lines - breaks, cells: record };
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('CSV_')) {
      const line = (error as { lines?: number }).lines;
      const message = line ? `${IMPORT_MESSAGES.unreadable} Revisa la fila ${line}.` : IMPORT_MESSAGES.unreadable;
      throw validationFailed({ file: [message] }, message);
    }
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
