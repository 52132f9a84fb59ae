import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';
import type { PgliteThread } from '../../../server/db/pglite-thread';
import type { DatabaseTemplate } from './database';
import { onServer } from './on-server';

/**
 * Migrates one database before the API tests start and offers it to every test file as the
 * template of its own (tests/api/support/database.ts): a PGlite data directory dumped to a temp
 * file, or a database on the TEST_DATABASE_URL server. Returns the teardown that removes it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `panel_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    await (await openDatabase({ databaseUrl: url.toString(), dataDir: null })).close();
    project.provide('databaseTemplate', { kind: 'postgres', serverUrl, name } satisfies DatabaseTemplate);
    // The files' copies, named after the template (support/database.ts), then the template.
    return async () => {
      const copies = await onServer<{ datname: string }>(serverUrl, `select datname from pg_database where datname like '${name}\\_%'`);
      for (const { datname } of copies) await onServer(serverUrl, `drop database if exists ${datname} with (force)`);
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }

  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  const client = (database.db as unknown as { $client: PgliteThread }).$client;
  const file = path.join(os.tmpdir(), `panel-template-${randomBytes(6).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', { kind: 'pglite', file } satisfies DatabaseTemplate);
  return () => fs.rmSync(file, { force: true });
}
