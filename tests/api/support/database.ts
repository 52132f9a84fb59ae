import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../../../server/db/client';
import { onServer } from './on-server';

/** An already-migrated database that each test file's new database is copied from (see global-setup). */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * A migrated, empty database for one test file: PGlite in memory, or, when TEST_DATABASE_URL points
 * at a PostgreSQL server, a database of its own there. Each starts as the template the global setup
 * migrated once: a copy of it, or, usually (much cheaper than a copy), the database a previous
 * file of this worker closed, emptied again. That
 * one is used only if it then reads as the template does in everything `stateOf` reads: a file that
 * changed the schema (its own trigger or sequence) or broke the database leaves a copy to the next.
 */
export async function openTestDatabase(): Promise<Database> {
  for (let slot = idle.pop(); slot; slot = idle.pop()) {
    const database = await slot.open().catch(() => undefined);
    const emptied =
      database !== undefined &&
      (await emptyAgain(database.db)
        .then(async () => (await stateOf(database.db)) === template?.state)
        .catch(() => false));
    if (emptied) return lent(slot, database);
    if (database) await slot.close(database).catch(() => undefined);
    await slot.drop().catch(() => undefined);
  }
  const source = inject('databaseTemplate');
  const slot = source.kind === 'pglite' ? pgliteSlot(await loadPglite(source.file)) : await serverSlot(source);
  const database = await slot.open();
  template ??= { state: await stateOf(database.db), sizes: await sizesOf(database.db) };
  return lent(slot, database);
}

/** Where a test database lives between files: how the next file opens it, how a file lets it go, how it ends for good. */
interface Slot {
  open(): Promise<Database>;
  close(database: Database): Promise<void>;
  drop(): Promise<void>;
}

/** A database just copied from the template, as `stateOf` and `sizesOf` read it: what an emptied one is brought back to. */
let template: { state: string; sizes: string } | undefined;
/** The databases this worker's files have closed, for the next files to empty and use. */
const idle: Slot[] = [];

/** The database, whose `close()` leaves it to the next file (once: a second close must not lend it twice). */
function lent(slot: Slot, database: Database): Database {
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await slot.close(database);
      idle.push(slot);
    },
  };
}

let pgliteTemplate: Blob | undefined;

function loadPglite(file: string): Promise<Database> {
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return openDatabase({ databaseUrl: null, dataDir: null, pgliteTemplate });
}

/** PGlite's database stays open between files: its thread is the costly part. */
const pgliteSlot = (database: Database): Slot => ({ open: async () => database, close: async () => undefined, drop: () => database.close() });

/**
 * A copy of the template database on the server, named after it so that the global teardown drops
 * what the workers kept. Closed between files (a new pool starts with no session state), dropped
 * when it cannot be emptied.
 */
async function serverSlot(source: Extract<DatabaseTemplate, { kind: 'postgres' }>): Promise<Slot> {
  const name = `${source.name}_${randomBytes(4).toString('hex')}`;
  await onServer(source.serverUrl, `create database ${name} template ${source.name}`);
  const url = new URL(source.serverUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: null }),
    close: (database) => database.close(),
    drop: async () => void (await onServer(source.serverUrl, `drop database if exists ${name} with (force)`)),
  };
}

/** Rows (each public table's), session settings, advisory locks and what the planner knows, back to the template's. */
async function emptyAgain(db: Db) {
  await db.execute(sql`select pg_advisory_unlock_all()`);
  await db.execute(sql`reset all`);
  await db.execute(sql`
    do $$ begin
      execute (select 'truncate table ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' restart identity cascade'
               from pg_tables where schemaname = 'public');
    end $$`);
  await db.execute(sql`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
  // A truncated table reads as never analysed (the planner then assumes 10 pages) and its indexes
  // as empty files, where the template's, built by its migrations, read as analysed and empty.
  await db.execute(sql`
    update pg_class c set relpages = s.relpages, reltuples = s.reltuples, relallvisible = s.relallvisible
    from json_to_recordset(${template!.sizes}::json) as s(oid oid, relpages int, reltuples real, relallvisible int)
    where c.oid = s.oid`);
}

/** The sizes the planner reads of each public relation, as JSON. */
async function sizesOf(db: Db): Promise<string> {
  const answer = await db.execute(sql`
    select json_agg(json_build_object('oid', oid, 'relpages', relpages, 'reltuples', reltuples, 'relallvisible', relallvisible))::text as sizes
    from pg_class where relnamespace = 'public'::regnamespace`);
  return (answer as unknown as { rows: { sizes: string }[] }).rows[0]!.sizes;
}

/**
 * A digest of everything a test could leave behind besides rows: relations (temporary ones too),
 * columns, triggers and whether they fire, functions, enum values, sequences' positions, and the
 * sizes the planner reads. Rows are not in it: the template's tables are all empty, and emptying
 * truncates every one.
 */
async function stateOf(db: Db): Promise<string> {
  const answer = await db.execute(sql`
    select md5(string_agg(item, ' ' order by item)) as state from (
      select concat_ws(':', 'relation', n.nspname like 'pg_temp%', c.relname, c.relkind, c.relpages, c.reltuples, c.relallvisible) as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      union all
      select concat_ws(':', 'column', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.atthasdef, a.attisdropped)
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0
      union all
      select concat_ws(':', 'trigger', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
      union all
      select concat_ws(':', 'function', p.proname, md5(p.prosrc)) from pg_proc p where p.pronamespace = 'public'::regnamespace
      union all
      select concat_ws(':', 'enum', enumtypid::regtype, enumlabel) from pg_enum
      union all
      select concat_ws(':', 'sequence', schemaname, sequencename, coalesce(last_value::text, 'unused')) from pg_sequences
      union all
      select concat_ws(':', 'statistics', count(*)) from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
    ) items`);
  return (answer as unknown as { rows: { state: string }[] }).rows[0]!.state;
}
