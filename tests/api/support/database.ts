import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../../../server/db/client';

/** An already-migrated database that each test file's new database is copied from (see global-setup). */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * A new, migrated, empty database for one test file: PGlite in memory, or, when TEST_DATABASE_URL
 * points at a PostgreSQL server, a new database on it that `close()` drops. Both start from the
 * template the global setup migrated once, instead of running every migration again.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') return reusedPglite(template.file);
  const { Client } = await import('pg');
  const name = `panel_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.name}`);
  await admin.end();
  const url = new URL(template.serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new Client({ connectionString: template.serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

let pgliteTemplate: Blob | undefined;
/** A database just loaded from the template, as `stateOf` and `sizesOf` read it: what an emptied one is brought back to. */
let template: { state: string; sizes: string } | undefined;
/** The PGlite databases this worker's files have closed, open still, for the next files to empty and use. */
const idle: Database[] = [];

/**
 * A PGlite database in the template's state. Loading the template took 1.2–1.4 s a file (a thread,
 * the data directory unpacked, PostgreSQL started), most of an API file's set-up; so a database a
 * file closed is kept, and the next file empties it instead: every table truncated, identities
 * restarted, the planner's statistics and sizes as the template had them. It is used only if it
 * then matches the template in everything `stateOf` reads: a file that changed the schema (its own
 * trigger or sequence) or broke the thread gets a database loaded afresh.
 */
async function reusedPglite(file: string): Promise<Database> {
  for (let database = idle.pop(); database; database = idle.pop()) {
    const emptied = await emptyAgain(database.db)
      .then(async () => (await stateOf(database.db)) === template?.state)
      .catch(() => false);
    if (emptied) return keptOnClose(database);
    await database.close().catch(() => undefined);
  }
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ databaseUrl: null, dataDir: null, pgliteTemplate });
  template ??= { state: await stateOf(database.db), sizes: await sizesOf(database.db) };
  return keptOnClose(database);
}

/** The database, whose `close()` hands it back to the next file instead of ending its thread. */
const keptOnClose = (database: Database): Database => ({ ...database, close: async () => void idle.push(database) });

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
