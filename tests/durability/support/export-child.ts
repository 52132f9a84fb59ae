/**
 * Run by export-memory.test.ts under a small heap: an embedded database with `rows` rows of about
 * `chars` characters each, exported through the one export path (keyset batches presented by an
 * item's SQL, written as CSV) into a sink that only counts. Prints the bytes and lines it wrote.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Db } from '../../../server/db/client';
import { csvStream } from '../../../server/http/csv';
import { defineItem, presenterOf } from '../../../server/http/item-sql';
import { exportedItems } from '../../../server/http/list-export';

const [rows, chars] = process.argv.slice(2).map(Number) as [number, number];
const notes = pgTable('notes', { id: serial('id').primaryKey(), rank: integer('rank').notNull(), body: text('body').notNull() });
const item = defineItem(z.object({ id: z.number(), rank: z.number(), body: z.string() }), { table: notes, id: notes.id, fields: (row) => ({ id: row.id, rank: row.rank, body: row.body }) });

const client = new PGlite();
const db = drizzle(client) as unknown as Db;
await db.execute(sql`create table notes (id serial primary key, rank int not null, body text not null)`);
await db.execute(sql`insert into notes (rank, body) select n % 7, '=' || repeat('x', ${chars}) || n from generate_series(1, ${rows}) n`);

let bytes = 0;
let lines = 0;
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
    done();
  },
});
async function* cells() {
  const presenter = presenterOf(item)({ fields: null, includes: [] });
  const source = { db, table: notes, id: notes.id, sorts: { rank: notes.rank } };
  for await (const batch of exportedItems<{ id: number; rank: number; body: string }>(source, undefined, [{ field: 'rank', direction: 'desc' }], presenter)) {
    for (const note of batch) yield [note.id, note.rank, note.body];
  }
}
await pipeline(csvStream(['ID', 'Rango', 'Texto'], cells()), sink);
await client.close();
console.log(JSON.stringify({ bytes, lines }));
