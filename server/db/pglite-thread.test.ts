import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listenerFor, MIGRATIONS_FOLDER, openDatabase, type Db } from './client';
import { uniqueViolation } from './errors';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';
import { countries } from './schema';

/** drizzle's options for a row-array query: identity parsers for the date, time and numeric-array types. */
const keepText = (value: string) => value;
const drizzleOptions = (rowMode: 'array' | 'object') => ({
  rowMode,
  parsers: Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [type, keepText])),
});

/** One row of most types the schema uses, and their arrays. */
const EVERY_TYPE = `select
  timestamp '2026-03-01 10:20:30.123' as ts, timestamptz '2026-03-01 10:20:30+02' as tstz, date '2026-03-01' as day,
  interval '1 day 02:03:04' as span, 12.50::numeric as amount, array[1.5, 2]::numeric[] as amounts,
  array[timestamp '2026-01-01 00:00']::timestamp[] as stamps, array[timestamptz '2026-01-01 00:00+00']::timestamptz[] as stamps_tz,
  array[interval '1 hour']::interval[] as spans, array[date '2026-01-02']::date[] as days,
  9007199254740993::int8 as big, 42::int8 as small_big, 7 as int, 1.25::float8 as float, true as flag, null::text as nothing,
  '{"a": [1, "b"]}'::jsonb as doc, '\\x0102ff'::bytea as bytes, array['x', 'y'] as words, 'texto' as word`;

let thread: PgliteThread;
let inProcess: PGlite;
/** The migrated template's data directory, when the tests run on PGlite: threads open it instead of creating a database. */
let loadDataDir: Blob | undefined;
let threadDb: Db;
let inProcessDb: Db;

beforeAll(async () => {
  const template = inject('databaseTemplate');
  loadDataDir = template.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined;
  thread = new PgliteThread({ loadDataDir, extensionNames: ['pg_trgm'] });
  inProcess = new PGlite({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await Promise.all([thread.waitReady, inProcess.waitReady]);
  threadDb = drizzle(thread as unknown as PGlite, { schema }) as unknown as Db;
  inProcessDb = drizzle(inProcess, { schema }) as unknown as Db;
  // A no-op on the template; the whole schema when the tests run on a server's template instead.
  await migrate(threadDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
  await migrate(inProcessDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
});

afterAll(async () => {
  await thread?.close();
  await inProcess?.close();
});

describe('PGlite on a worker thread', () => {
  it('returns what PGlite in-process returns, in both row modes, with and without parsers', async () => {
    // A parser that is not the identity: the worker keeps the text, this thread must apply it.
    const tagged = { rowMode: 'object' as const, parsers: { [types.TIMESTAMPTZ]: (value: string, typeId?: number) => `${typeId}:${value}`, 1231: (value: string) => value.length } };
    for (const options of [drizzleOptions('array'), drizzleOptions('object'), tagged, undefined]) {
      const [fromThread, fromProcess] = await Promise.all([thread.query(EVERY_TYPE, [], options), inProcess.query(EVERY_TYPE, [], options)]);
      expect(fromThread).toEqual(fromProcess);
    }
    expect((await thread.query<Record<string, unknown>>(EVERY_TYPE, [], tagged)).rows[0]).toMatchObject({ tstz: '1184:2026-03-01 08:20:30+00', amounts: 7 });
    const row = (await thread.query<Record<string, unknown>>(EVERY_TYPE, [], drizzleOptions('object'))).rows[0]!;
    // drizzle's identity parsers applied: dates and timestamps stay PostgreSQL's text.
    expect(row).toMatchObject({ ts: '2026-03-01 10:20:30.123', tstz: '2026-03-01 08:20:30+00', day: '2026-03-01', span: '1 day 02:03:04', amount: '12.50' });
    expect(row.amounts).toBe('{1.5,2}');
    expect(row).toMatchObject({ big: 9007199254740993n, small_big: 42, int: 7, flag: true, nothing: null, doc: { a: [1, 'b'] }, words: ['x', 'y'] });
    expect(row.bytes).toEqual(new Uint8Array([1, 2, 255]));
    // Without parsers, PGlite's own: a Date.
    expect((await thread.query<{ tstz: unknown }>(EVERY_TYPE)).rows[0]!.tstz).toEqual(new Date('2026-03-01T08:20:30Z'));
  });

  it('reads text exactly as PostgreSQL sent it: accents, emoji, empty and long values, over many rows', async () => {
    // Enough rows that the answer arrives in several pieces, so fields also straddle the pieces' ends.
    const words = ['Ñandú', 'José Martínez Peña', '', 'garaje 🚗 y grúa', 'x'.repeat(5000)];
    const statement = `select n, (array[$1, $2, $3, $4, $5]::text[])[1 + n % 5] as word, repeat('ñá', n % 200) as repeated, null::text as nothing
      from generate_series(0, 2999) n`;
    for (const database of [thread, inProcess]) {
      const { rows } = await database.query<{ n: number; word: string; repeated: string; nothing: null }>(statement, words);
      expect(rows).toHaveLength(3000);
      for (const row of rows) expect(row).toEqual({ n: row.n, word: words[row.n % 5], repeated: 'ñá'.repeat(row.n % 200), nothing: null });
    }
  });

  it('takes parameters of every kind drizzle sends', async () => {
    const statement = 'select $1::int as n, $2::text as t, $3::jsonb as j, $4::timestamptz as at, $5::bytea as b, $6::bool as f, $7::text as nothing';
    const params = [3, 'tres', JSON.stringify({ x: 1 }), new Date('2026-01-01T00:00:00Z'), new Uint8Array([9]), false, null];
    const [fromThread, fromProcess] = await Promise.all([thread.query(statement, params, drizzleOptions('array')), inProcess.query(statement, params, drizzleOptions('array'))]);
    expect(fromThread).toEqual(fromProcess);
  });

  it('binds values as parameters: quotes, backslashes and a would-be injection come back as sent', async () => {
    const statement = 'select $1::text as t, $2::int as n, $3::bool as f, $4::text as nothing, length($1::text) as chars';
    const values = [["o'hara \\ '); drop table countries; --", 7, true, null], ['', -1, false, 'x']];
    for (const params of values) {
      const [fromThread, fromProcess] = await Promise.all([thread.query(statement, params, drizzleOptions('array')), inProcess.query(statement, params, drizzleOptions('array'))]);
      expect(fromThread).toEqual(fromProcess);
      expect(fromThread.rows[0]).toEqual([params[0], params[1], params[2], params[3], (params[0] as string).length]);
    }
    expect((await thread.query<{ there: boolean }>("select to_regclass('countries') is not null as there")).rows[0]!.there).toBe(true);
  });

  it("runs drizzle's named prepared statement, answering calls that arrive together and inside a transaction", async () => {
    const doubled = threadDb.select({ doubled: sql<number>`${sql.placeholder('n')}::int * 2` }).from(sql`(select 1) as one`).prepare('thread_doubled');
    // An open transaction holds PGlite: the five calls all arrive while it runs, and wait for it.
    let calls: Promise<number[]> = Promise.resolve([]);
    const inTransaction = await threadDb.transaction(async (tx) => {
      calls = Promise.all([1, 2, 3, 4, 5].map(async (n) => (await doubled.execute({ n }))[0]!.doubled));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (await tx.select({ tripled: sql<number>`${21}::int * 3` }).from(sql`(select 1) as one`))[0]!.tripled;
    });
    expect(inTransaction).toBe(63);
    expect(await calls).toEqual([2, 4, 6, 8, 10]);
    expect(await doubled.execute({ n: 6 })).toEqual([{ doubled: 12 }]);
  });

  it('gives drizzle the same rows as PGlite in-process, timestamps as strings', async () => {
    const insert = (db: Db) => db.insert(countries).values({ name: 'Tierra Media', code: 'TM' }).returning();
    const [[fromThread], [fromProcess]] = await Promise.all([insert(threadDb), insert(inProcessDb)]);
    // drizzle builds the Date from the text the identity parser kept, as it does in-process.
    expect(fromThread!.createdAt).toBeInstanceOf(Date);
    expect({ ...fromThread, createdAt: 0, updatedAt: 0 }).toEqual({ ...fromProcess, createdAt: 0, updatedAt: 0 });
    const read = (db: Db) => db.select().from(countries).where(eq(countries.code, 'TM'));
    expect(await read(threadDb)).toEqual([fromThread]);
    const relational = await threadDb.query.countries.findFirst({ where: eq(countries.code, 'TM') });
    expect(relational).toEqual(fromThread);
  });

  it('commits a transaction, rolls back a failed one, and nested savepoints', async () => {
    await threadDb.transaction(async (tx) => {
      await tx.insert(countries).values({ name: 'Commit A', code: 'C1' });
      await tx
        .transaction(async (savepoint) => {
          await savepoint.insert(countries).values({ name: 'Savepoint B', code: 'C2' });
          throw new Error('only the savepoint');
        })
        .catch(() => undefined);
      await tx.transaction(async (savepoint) => void (await savepoint.insert(countries).values({ name: 'Savepoint C', code: 'C3' })));
    });
    const failure = new Error('roll back');
    await expect(
      threadDb.transaction(async (tx) => {
        await tx.insert(countries).values({ name: 'Rolled back D', code: 'C4' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      threadDb.transaction(async (tx) => {
        await tx.insert(countries).values({ name: 'Rolled back E', code: 'C5' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    const names = await threadDb.select({ name: countries.name }).from(countries).where(sql`${countries.code} like 'C_'`).orderBy(countries.code);
    expect(names.map((row) => row.name)).toEqual(['Commit A', 'Savepoint C']);
  });

  it('makes a statement outside a transaction wait for it to end', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const transaction = threadDb.transaction(async (tx) => {
      await tx.insert(countries).values({ name: 'Waited for', code: 'W1' });
      started();
      await held;
      events.push('commit');
    });
    await begun;
    const outside = threadDb
      .select({ name: countries.name })
      .from(countries)
      .where(eq(countries.code, 'W1'))
      .then((rows) => (events.push('outside'), rows));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual([{ name: 'Waited for' }]);
    expect(events).toEqual(['commit', 'outside']);
  });

  it("passes PostgreSQL's error fields to this thread, as PGlite in-process throws them", async () => {
    const insertTwice = async (db: Db) => {
      await db.insert(countries).values({ name: 'Duplicada' });
      return db.insert(countries).values({ name: 'Duplicada' }).catch((error: unknown) => error as Error);
    };
    const [fromThread, fromProcess] = [await insertTwice(threadDb), await insertTwice(inProcessDb)];
    expect(uniqueViolation(fromThread)).toBe('countries_name_unique');
    const fields = (error: unknown) => {
      const cause = (error as { cause: Record<string, unknown> }).cause;
      const picked = Object.fromEntries(['code', 'constraint', 'table', 'schema', 'severity', 'query', 'params', 'name'].map((key) => [key, cause[key]]));
      return { ...picked, detail: cause.detail, message: cause.message, isError: cause instanceof Error };
    };
    expect(fields(fromThread)).toEqual(fields(fromProcess));
    expect(fields(fromThread)).toMatchObject({ code: '23505', constraint: 'countries_name_unique', table: 'countries', schema: 'public', severity: 'ERROR', isError: true });
    // Inside a transaction too; it is rolled back and the error thrown again.
    const failed = await threadDb
      .transaction(async (tx) => {
        await tx.insert(countries).values({ name: 'Antes del error', code: 'E1' });
        await tx.insert(countries).values({ name: 'Duplicada' });
      })
      .catch((error: unknown) => error);
    expect(uniqueViolation(failed)).toBe('countries_name_unique');
    expect(await threadDb.select().from(countries).where(eq(countries.code, 'E1'))).toEqual([]);
  });

  it('delivers a NOTIFY only once its transaction commits, and stops on unlisten', async () => {
    const listen = listenerFor(threadDb);
    const payloads: string[] = [];
    const stop = await listen('pglite_thread_test', (payload) => payloads.push(payload));
    await threadDb.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('pglite_thread_test', 'uno')`);
      await tx.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(payloads).toEqual([]);
    });
    await expect.poll(() => payloads).toEqual(['uno']);
    await threadDb.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('pglite_thread_test', 'nunca')`);
      tx.rollback();
    }).catch(() => undefined);
    await stop();
    await threadDb.execute(sql`select pg_notify('pglite_thread_test', 'tarde')`);
    await threadDb.execute(sql`select 1`);
    expect(payloads).toEqual(['uno']);
    // LISTEN takes no parameter: a name that is not a plain lower-case identifier is refused, not quoted.
    await expect(listen('booking"; drop table countries; --', () => undefined)).rejects.toThrow(TypeError);
  });

  it('dumps its data directory as PGlite in-process does (the tests\' template)', async () => {
    await threadDb.insert(countries).values({ name: 'En el volcado', code: 'VZ' });
    const copy = new PGlite({ extensions: { pg_trgm }, loadDataDir: await thread.dumpDataDir('none') });
    try {
      expect((await copy.query(`select name from countries where code = 'VZ'`)).rows).toEqual([{ name: 'En el volcado' }]);
    } finally {
      await copy.close();
    }
  });

  it('rejects waitReady with the reason when PGlite cannot open, and the thread ends', async () => {
    const broken = new PgliteThread({ dataDir: '/dev/null/pglite', extensionNames: [] });
    await expect(broken.waitReady).rejects.toThrow(/ENOTDIR/);
    await expect.poll(() => broken.closed).toBe(true);
    await expect(broken.query('select 1')).rejects.toThrow();
  });

  it('tells its owner when the thread dies without being closed, and refuses every statement after', async () => {
    /** Ends the thread the way a crash of PGlite's WASM would: no close, no answer. */
    class CrashingThread extends PgliteThread {
      crash = () => this.worker.terminate();
    }
    const lost: Error[] = [];
    const crashing = new CrashingThread({ loadDataDir, extensionNames: ['pg_trgm'], onLost: (reason) => lost.push(reason) });
    await crashing.waitReady;
    const inFlight = crashing.query('select pg_sleep(5)');
    await crashing.crash();
    await expect(inFlight).rejects.toThrow();
    expect(lost).toHaveLength(1);
    expect(lost[0]!.message).toMatch(/terminó sin que se cerrara/);
    await expect(crashing.query('select 1')).rejects.toThrow(/cerrada/);

    // A thread closed by its owner is not lost.
    const closing = new PgliteThread({ loadDataDir, extensionNames: ['pg_trgm'], onLost: (reason) => lost.push(reason) });
    await closing.waitReady;
    await closing.close();
    expect(lost).toHaveLength(1);
  });

  it('closes: the thread ends, later statements are refused, and the data directory opens again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    try {
      // From the migrated template, when there is one: creating and migrating the database is not what is tested.
      const first = await openDatabase({ databaseUrl: null, dataDir, pgliteTemplate: loadDataDir });
      const client = (first.db as unknown as { $client: unknown }).$client;
      expect(client).toBeInstanceOf(PgliteThread);
      await first.db.insert(countries).values({ name: 'Persistente', code: 'PZ' });
      await first.close();
      expect((client as PgliteThread).closed).toBe(true);
      await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
      const again = await openDatabase({ databaseUrl: null, dataDir });
      expect(await again.db.select({ name: countries.name }).from(countries).where(eq(countries.code, 'PZ'))).toEqual([{ name: 'Persistente' }]);
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
