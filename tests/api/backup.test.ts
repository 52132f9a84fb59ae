import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port';
import { openDatabase } from '../../server/db/client';
import { createCredentialBox } from '../../server/security/credentials';
import { createUploadsStorage } from '../../server/storage';
import { spawnServer, type ServerProcess } from '../e2e/support/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, TEST_APP_KEY, type TestContext } from './support/context';
import { onServer } from './support/on-server';
import { fillPreviousRelease, type PreviousReleaseData } from './support/previous-release-data';
import { itAnswersWhatWasStored } from './support/stored-answers';
import { tempDataDir } from './support/uploads';

/*
 * A database with data of every resource and its files, served by the real server while staff
 * keep creating sponsors; `npm run backup` runs meanwhile. The backup is restored with `npm run
 * restore` into an empty DATA_DIR (and an empty database on PostgreSQL), the app starts on it, and
 * every record and file reads back through the API, with every write answered before the backup.
 * On PGlite always; on PostgreSQL when TEST_DATABASE_URL is set.
 */

const serverUrl = process.env.TEST_DATABASE_URL || null;
const kind = serverUrl ? 'postgres' : 'pglite';
/** Lists the writes during the backup make longer: each new sponsor, and its entry in the history. */
const GROWN_BY_WRITES = new Set(['/api/v1/sponsors', '/api/v1/audit']);

const source = tempDataDir('backup-source');
const target = tempDataDir('backup-target');
const archive = path.join(source.dir, '..', `${path.basename(source.dir)}.tar`);
const databasesToDrop: string[] = [];
const credentials = createCredentialBox(Buffer.from(TEST_APP_KEY, 'base64'));

/** A new database on the test server, dropped after the file; its URL. */
async function newServerDatabase(role: string) {
  const name = `panel_backup_${role}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl!, `create database ${name}`);
  databasesToDrop.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a script of scripts/ the way its npm entry does; resolves with its exit code and what it printed. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

let release: PreviousReleaseData;
let sourceEnv: Record<string, string>;
let targetEnv: Record<string, string>;
let server: ServerProcess | undefined;
let backupRun: { code: number | null; output: string };
/** Sponsors whose create was answered before the backup started: the backup must have them. */
const answeredBefore: { id: number; name: string }[] = [];
let answeredDuring = 0;
let restoreRun: { code: number | null; output: string };
let secondRestore: { code: number | null; output: string };
let forcedRestore: { code: number | null; output: string };
let ctx: TestContext;

beforeAll(async () => {
  const sourceUrl = serverUrl ? await newServerDatabase('source') : null;
  const targetUrl = serverUrl ? await newServerDatabase('target') : null;
  const common = { APP_KEY: TEST_APP_KEY, STORAGE_URL: '', S3_ENDPOINT: '', S3_REGION: '' };
  sourceEnv = { ...common, DATA_DIR: source.dir, DATABASE_URL: sourceUrl ?? '' };
  targetEnv = { ...common, DATA_DIR: target.dir, DATABASE_URL: targetUrl ?? '' };

  const database = await openDatabase({ databaseUrl: sourceUrl, dataDir: source.dir });
  try {
    release = await fillPreviousRelease(database.db, createUploadsStorage(source.dir), credentials);
  } finally {
    await database.close();
  }

  server = spawnServer({ args: ['--import', 'tsx', 'server/main.ts'], dataDir: source.dir, port: await freePort(), env: { ...sourceEnv, ADMIN_EMAIL, ADMIN_PASSWORD } });
  await server.ready();
  const api = (route: string, init: RequestInit = {}) =>
    fetch(`${server!.url}/api/${route}`, { ...init, headers: { ...bearer(release.sessionToken), accept: 'application/json', 'content-type': 'application/json' } });
  const countries = (await (await api('v1/countries?limit=1')).json()) as { data: { data: { id: number }[] } };
  const countryId = countries.data.data[0]!.id;

  // Staff keep writing, from before the backup starts until after it ends.
  let phase: 'before' | 'during' | 'after' = 'before';
  const refused: string[] = [];
  const writer = async (writerId: number) => {
    for (let step = 0; phase !== 'after'; step++) {
      const name = `Copia ${writerId}-${step}`;
      const startedIn = phase;
      const response = await api('v1/sponsors', { method: 'POST', body: JSON.stringify({ name, country_id: countryId }) });
      if (!response.ok) {
        refused.push(`${response.status} ${await response.text()}`);
        continue;
      }
      const { id } = ((await response.json()) as { data: { id: number } }).data;
      if (startedIn === 'before' && phase === 'before') answeredBefore.push({ id, name });
      else answeredDuring++;
    }
  };
  const writers = [1, 2, 3].map(writer);
  while (answeredBefore.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
  phase = 'during';
  backupRun = await runScript('backup.ts', [archive], sourceEnv);
  phase = 'after';
  await Promise.all(writers);
  expect(refused).toEqual([]);

  restoreRun = await runScript('restore.ts', [archive], targetEnv);
  secondRestore = await runScript('restore.ts', [archive], targetEnv);
  // The app then reads what the forced one left, replacing the first.
  forcedRestore = await runScript('restore.ts', [archive, '--force'], targetEnv);
  ctx = await createTestContext({ dataDir: target.dir }, {}, { database: await openDatabase({ databaseUrl: targetUrl, dataDir: target.dir }) });
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  if (server && server.child.exitCode === null) {
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  for (const name of databasesToDrop) await onServer(serverUrl!, `drop database if exists ${name} with (force)`);
  fs.rmSync(archive, { force: true });
  source.cleanup();
  target.cleanup();
}, 60_000);

const get = (url: string) => ctx.inject({ method: 'GET', url, headers: bearer(release.sessionToken) });

describe(`a backup of ${kind} taken while staff write`, () => {
  it('is written while the server serves and writes go on, and says the key is not in it', () => {
    expect(backupRun.code, backupRun.output).toBe(0);
    expect(backupRun.output).toContain(`base de datos ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
    expect(backupRun.output).toContain(`${release.files.size} archivos subidos`);
    expect(backupRun.output).toContain('no incluye APP_KEY');
    // The server answered writes while the backup was being taken, so it was not stopped for it.
    expect(answeredDuring).toBeGreaterThan(0);
    expect(server!.child.exitCode).toBeNull();
  });

  it('restores into an empty DATA_DIR, refuses one that is no longer empty, and replaces it with --force', () => {
    expect(restoreRun.code, restoreRun.output).toBe(0);
    expect(restoreRun.output).toContain('restaurada');
    expect(secondRestore.code).toBe(1);
    expect(secondRestore.output).toContain('El destino no está vacío');
    expect(secondRestore.output).toContain('--force');
    expect(forcedRestore.code, forcedRestore.output).toBe(0);
  });

  it('answers every record of every list, with every write answered before the backup', async () => {
    for (const { url, total } of release.lists) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const page = response.json().data as { total?: number; data?: unknown[] } | unknown[];
      const answered = Array.isArray(page) ? page.length : page.total;
      if (GROWN_BY_WRITES.has(url)) expect(answered, url).toBeGreaterThanOrEqual(total + answeredBefore.length);
      else expect(answered, url).toBe(total);
    }
    for (const { id, name } of answeredBefore) {
      const response = await get(`/api/v1/sponsors/${id}`);
      expect(response.statusCode, name).toBe(200);
      expect(response.json().data.name).toBe(name);
    }
  });

  itAnswersWhatWasStored(() => ({ ctx, release, credentials }));

  it('signs staff in with the passwords they had', async () => {
    const staff = await ctx.signIn(release.staff.email, release.staff.password);
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/dsps/${release.staff.dspId}/bookings`, headers: bearer(staff) })).statusCode).toBe(200);
  });
});
