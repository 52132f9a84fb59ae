import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every module receives: the same type for PGlite and a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (a server). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies the committed migrations. `databaseUrl` selects a PostgreSQL
 * server; otherwise PGlite keeps its files in `dataDir` (or memory when `dataDir` is null).
 * `pgliteTemplate`, for an in-memory PGlite, is a dumped data directory to start from (the tests'
 * already-migrated database: loading it takes a fraction of creating and migrating a new one).
 */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null; pgliteTemplate?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, a database dropped with force) emits an
    // error on the pool; unhandled, it would end the process. The next query opens a new one.
    pool.on('error', (error) => console.error(`PostgreSQL cerró una conexión inactiva: ${error.message}`));
    const db = drizzle(pool, { schema });
    // Several instances may start at once against one server: migrate under a lock.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock(724501)');
      await migrate(db, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock(724501)').catch(() => undefined);
      lockClient.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {});
  }
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
