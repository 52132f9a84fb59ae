import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * An export larger than the whole JavaScript heap of the process that writes it: the one export
 * path (keyset batches, each presented by the item's SQL and written as CSV) run in a child process
 * whose heap is far smaller than the file. Buffered (the rows, their items or the file) it would run
 * out of memory and die; streamed, it writes every row. The embedded database lives outside the
 * heap (WebAssembly memory), as PostgreSQL lives outside the server's process.
 */

/** The child's old-space limit (MB). */
const HEAP_MB = 40;
const ROWS = 30_000;
/** About 2 KB a row, so the CSV (about 60 MB) is larger than the heap. */
const CHARS = 2_000;

describe('a CSV export larger than memory', () => {
  it(`writes ${ROWS} rows (about ${Math.round((ROWS * CHARS) / 1e6)} MB) from a process whose heap holds ${HEAP_MB} MB`, { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'tests/durability/support/export-child.ts', String(ROWS), String(CHARS)],
      { cwd: process.cwd(), maxBuffer: 1024 * 1024 },
    );
    const written = JSON.parse(stdout.trim().split('\n').at(-1)!) as { bytes: number; lines: number };
    // The header and one line per row; the file is larger than the heap that wrote it.
    expect(written.lines).toBe(ROWS + 1);
    expect(written.bytes).toBeGreaterThan(HEAP_MB * 1024 * 1024);
  });
});
