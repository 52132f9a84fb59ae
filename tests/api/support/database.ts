import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';

/** An already-migrated database that each test file's new database is copied from (see global-setup). */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

let pgliteTemplate: Blob | undefined;

/**
 * A new, migrated, empty database for one test file: PGlite in memory, or, when TEST_DATABASE_URL
 * points at a PostgreSQL server, a new database on it that `close()` drops. Both start from the
 * template the global setup migrated once, instead of running every migration again.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    pgliteTemplate ??= new Blob([fs.readFileSync(template.file)]);
    return openDatabase({ databaseUrl: null, dataDir: null, pgliteTemplate });
  }
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
