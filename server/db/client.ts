import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every module receives: the same type for PGlite and a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a listener may be told besides the payloads. */
export interface ListenOptions {
  /**
   * Called after a lost listening connection was opened again: notifications sent while it was
   * down are lost, so whoever relies on them must catch up another way.
   */
  onReconnect?: () => void;
}

/**
 * Runs `LISTEN channel` and calls `onPayload` with each notification's payload, once its
 * transaction commits. Resolves when listening, with the function that stops it.
 */
export type Listen = (channel: string, onPayload: (payload: string) => void, options?: ListenOptions) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (a server). */
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's LISTEN on this database (its own connection on a server). */
  listen: Listen;
  /** PGlite only: its data directory as a tar (`loadDataDir` opens it again), taken between two statements. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** The committed migrations, with drizzle's journal (meta/_journal.json) naming the ones to apply. */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Opens the database and applies the committed migrations. `databaseUrl` selects a PostgreSQL
 * server; otherwise PGlite keeps its files in `dataDir` (or memory when `dataDir` is null).
 * `pgliteTemplate`, for a new PGlite database (in memory, or an empty `dataDir`), is a dumped data
 * directory to start from (the tests' already-migrated database: loading it takes a fraction of
 * creating and migrating a new one).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  pgliteTemplate?: Blob;
  /**
   * Runs once the migrations are applied, under the same lock on a server: the first seed, which
   * two instances starting at once on a new database would otherwise both insert.
   */
  afterMigrate?: (db: Db) => Promise<void>;
  /**
   * false: only open it; `migrateDatabase` runs the migrations (and `afterMigrate`) later. The
   * server does so to answer its health checks while it migrates.
   */
  migrate?: boolean;
  /**
   * PGlite only: told when its thread ends without `close()` (a crash). The database is gone for
   * good then; a server ends its process so that its supervisor starts it again.
   */
  onLost?: (reason: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, a database dropped with force) emits an
    // error on the pool; unhandled, it would end the process. The next query opens a new one.
    pool.on('error', (error) => console.error(`PostgreSQL cerró una conexión inactiva: ${error.message}`));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const database: Database = { db, kind: 'postgres', listen: listenerFor(db), close: () => pool.end() };
    if (options.migrate !== false) await migrateDatabase(database, MIGRATIONS_FOLDER, options.afterMigrate);
    return database;
  }

  const { drizzle } = await import('drizzle-orm/pglite');
  const { PgliteThread } = await import('./pglite-thread');
  let dir: string | undefined;
  if (options.dataDir) {
    dir = pgliteDirOf(options.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    removeEmptyLockFile(dir);
  }
  // PGlite runs on a worker thread, on disk and in memory alike: its WASM and file I/O are
  // synchronous, and on the HTTP thread every statement stopped every request. The tests' in-memory
  // databases take the same path, so the one the server runs is the one they test.
  // pg_trgm: the lists' trigram indexes (the migrations create the extension; PGlite must have it loaded).
  const client = new PgliteThread({ dataDir: dir, loadDataDir: options.pgliteTemplate, extensionNames: ['pg_trgm'], onLost: options.onLost });
  await client.waitReady;
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  const database: Database = { db, kind: 'pglite', listen: listenerFor(db), dumpDataDir: () => client.dumpDataDir('gzip'), close: () => client.close() };
  if (options.migrate !== false) await migrateDatabase(database, MIGRATIONS_FOLDER, options.afterMigrate);
  return database;
}

/**
 * Applies the migrations of `migrationsFolder` (the committed ones by default) that the open
 * database has not applied yet: drizzle's migrator applies those of the folder's journal
 * (meta/_journal.json) newer than the last one recorded. The upgrade test points it at a copy whose
 * journal stops at the previous release, then at the committed folder.
 */
export async function migrateDatabase(
  database: Pick<Database, 'db' | 'kind'>,
  migrationsFolder = MIGRATIONS_FOLDER,
  afterMigrate?: (db: Db) => Promise<void>,
): Promise<void> {
  const run = async () => {
    await applyMigrations(database.db, database.kind, migrationsFolder);
    await afterMigrate?.(database.db);
  };
  if (database.kind === 'pglite') return run();
  const pool = (database.db as unknown as { $client: Pool }).$client;
  await underMigrationLock(pool, run);
}

/**
 * Whether every migration of `migrationsFolder` is applied: drizzle's migrator records each in
 * drizzle.__drizzle_migrations with its journal time and applies those newer than the last one
 * recorded. A database a newer release migrated further is at head for this one too (a rolling
 * deploy runs both). Never migrated: not at head.
 */
export async function migrationsAtHead(db: Db, migrationsFolder = MIGRATIONS_FOLDER): Promise<boolean> {
  const head = await journalHead(migrationsFolder);
  try {
    const answer = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const [row] = (answer as unknown as { rows: { last: string | number | null }[] }).rows;
    return Number(row?.last ?? 0) >= head;
  } catch (error) {
    // 42P01 undefined table, 3F000 undefined schema: the migrator never ran here.
    if (['42P01', '3F000'].includes((error as { code?: string }).code ?? '')) return false;
    throw error;
  }
}

async function applyMigrations(db: Db, kind: Database['kind'], migrationsFolder: string) {
  if (kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  }
}

const journalHeads = new Map<string, Promise<number>>();

/** The journal time of the folder's newest migration, as drizzle's migrator reads it (read once: the folder ships with the code). */
function journalHead(migrationsFolder: string): Promise<number> {
  let head = journalHeads.get(migrationsFolder);
  if (!head) {
    head = import('drizzle-orm/migrator').then(({ readMigrationFiles }) => Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis)));
    journalHeads.set(migrationsFolder, head);
  }
  return head;
}

/** Several instances may start at once against one server: they migrate (and seed) one at a time. */
async function underMigrationLock(pool: Pool, run: () => Promise<void>) {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(724501)');
    await run();
  } finally {
    await lockClient.query('select pg_advisory_unlock(724501)').catch(() => undefined);
    lockClient.release();
  }
}

/**
 * PostgreSQL creates its lock file empty and fills it a moment later; a process killed in between
 * leaves it empty, and PostgreSQL then refuses every start ("lock file postmaster.pid is empty")
 * until someone deletes it. PGlite runs inside this process and its lock names no process (the PID
 * it writes is always -42), so an empty one guards nothing and is removed.
 */
export function removeEmptyLockFile(pgliteDir: string) {
  const lockFile = path.join(pgliteDir, 'postmaster.pid');
  if (fs.statSync(lockFile, { throwIfNoEntry: false })?.size === 0) fs.rmSync(lockFile);
}

/** How long a lost listening connection waits before its next attempt: 0.5 s doubling to 10 s. */
const reconnectDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 10_000);

/**
 * The LISTEN of the database behind `db`. PGlite is one connection that hears its own NOTIFYs; on
 * a server, a pool's connections come and go, so listening takes a dedicated client of its own,
 * opened again (with backoff) whenever it drops.
 */
export function listenerFor(db: Db): Listen {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    return async (channel, onPayload) => {
      checkChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      // Closing the database first ends its listeners with it.
      return () => (client.closed ? Promise.resolve() : unlisten());
    };
  }
  const connectionString = (client as { options?: { connectionString?: string } }).options?.connectionString;
  // Refused only when asked, so an app built on a handle without one still starts.
  if (!connectionString) return () => Promise.reject(new Error('La base de datos no admite LISTEN: falta la dirección de conexión.'));
  return async (channel, onPayload, options = {}) => {
    checkChannel(channel);
    return listenOnServer(connectionString, channel, onPayload, options);
  };
}

/** LISTEN takes no parameter: a channel is one of the code's own lower-case names, written as is. */
function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new TypeError(`Nombre de canal no válido: ${channel}`);
}

interface PgliteLike {
  closed: boolean;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
const isPglite = (client: unknown): client is PgliteLike =>
  typeof client === 'object' && client !== null && typeof (client as PgliteLike).listen === 'function' && 'closed' in client;

async function listenOnServer(connectionString: string, channel: string, onPayload: (payload: string) => void, options: ListenOptions) {
  const { Client } = await import('pg');
  let stopped = false;
  let current: InstanceType<typeof Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async () => {
    const client = new Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A dropped connection (a server restart, a network cut) emits 'error' then 'end': reopen it.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once('end', () => {
      if (current === client) current = null;
      if (!stopped) scheduleReconnect(0);
    });
    return client;
  };

  const scheduleReconnect = (attempt: number) => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (stopped) return;
      connect().then(
        (client) => {
          if (stopped) return void client.end().catch(() => undefined);
          current = client;
          options.onReconnect?.();
        },
        (error: unknown) => {
          console.error(`PostgreSQL: no se pudo volver a escuchar ${channel}: ${error instanceof Error ? error.message : String(error)}`);
          scheduleReconnect(attempt + 1);
        },
      );
    }, reconnectDelay(attempt));
    retryTimer.unref();
  };

  current = await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
