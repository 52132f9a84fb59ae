// `npm run backup -- <archivo>`: one tar with the database's dump, the uploaded files and a
// manifest, taken while the server runs (server/backup/archive.ts says what is in it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import tar from 'tar-stream';
import {
  APP_KEY_REMINDER,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_ENTRY,
  filesUnder,
  formatBytes,
  MANIFEST_ENTRY,
  MIGRATION_HEAD_SQL,
  migrationTag,
  postgresConnection,
  requireOnPath,
  run,
  UPLOADS_PREFIX,
  type BackupManifest,
} from '../server/backup/archive';
import type { Config } from '../server/config';
import { pgliteDirOf, removeEmptyLockFile } from '../server/db/client';
import { claimDataDir, DataDirBusyError, requestDump } from '../server/db/data-dir-control';
import { PgliteThread } from '../server/db/pglite-thread';
import { uploadsDirOf } from '../server/storage';
import { runArchiveCommand } from './support/archive-command';

const USAGE = 'Uso: npm run backup -- <archivo>   (por ejemplo: npm run backup -- /copias/panel-2026-12-03.tar)';

/** PGlite's dump: asked of the server that holds DATA_DIR, or taken from the directory when none does. */
async function dumpPglite(dataDir: string): Promise<Buffer> {
  let claim;
  try {
    claim = await claimDataDir(dataDir, 'Una copia de seguridad');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const dump = await requestDump(dataDir);
    if (dump) return dump;
    throw error;
  }
  try {
    const dir = pgliteDirOf(dataDir);
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No hay ninguna base de datos PGlite en ${dir}: revisa DATA_DIR.`);
    removeEmptyLockFile(dir);
    const client = new PgliteThread({ dataDir: dir, extensionNames: ['pg_trgm'] });
    await client.waitReady;
    try {
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    await claim.release();
  }
}

/** Opens the dump in memory, as a restore will: it proves the dump loads, and says which migration it is at. */
async function pgliteDumpHead(dump: Buffer): Promise<string> {
  const client = new PgliteThread({ loadDataDir: new Blob([new Uint8Array(dump)]), extensionNames: ['pg_trgm'] });
  await client.waitReady;
  try {
    const { rows } = await client.query<{ created_at: string }>(MIGRATION_HEAD_SQL);
    return migrationTag(rows[0]?.created_at);
  } finally {
    await client.close();
  }
}

async function postgresHead(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ created_at: string }>(MIGRATION_HEAD_SQL);
    return migrationTag(rows[0]?.created_at);
  } finally {
    await client.end();
  }
}

const bucketOf = (storage: NonNullable<Config['objectStorage']>) =>
  `s3://${storage.bucket}${storage.prefix ? `/${storage.prefix}` : ''}${storage.endpoint ? ` en ${storage.endpoint}` : ''}`;

async function backup(file: string, config: Config) {
  const target = path.resolve(file);
  // Written aside and renamed at the end: an interrupted backup never looks like a complete one.
  const partial = `${target}.partial-${process.pid}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-backup-'));
  try {
    const kind: BackupManifest['database'] = config.databaseUrl ? 'postgres' : 'pglite';
    // The database first, then the files: a file is stored before the record naming it commits,
    // so every file the dump names is on disk when the files are read. Only one removed in
    // between (a logo replaced at that very moment, after its commit) could be missing.
    let database: Buffer | string;
    let migration: string;
    if (config.databaseUrl) {
      requireOnPath('pg_dump', 'hacer la copia');
      const dumpFile = path.join(scratch, 'postgres.dump');
      const connection = postgresConnection(config.databaseUrl);
      run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${connection.dbname}`], connection.env);
      database = dumpFile;
      migration = await postgresHead(config.databaseUrl);
    } else {
      database = await dumpPglite(config.dataDir);
      migration = await pgliteDumpHead(database);
    }

    const uploadsDir = uploadsDirOf(config.dataDir);
    const keys = config.objectStorage ? [] : filesUnder(uploadsDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      database: kind,
      migration,
      uploads: config.objectStorage ? { included: false, bucket: bucketOf(config.objectStorage) } : { included: true, files: keys.length },
    };

    const pack = tar.pack();
    const written = pipeline(pack, fs.createWriteStream(partial, { mode: 0o600 }));
    const addBuffer = (name: string, content: Buffer) =>
      new Promise<void>((resolve, reject) => pack.entry({ name, size: content.length }, content, (error) => (error ? reject(error) : resolve())));
    const addFile = async (name: string, source: string) => {
      const { size } = await fs.promises.stat(source);
      const entry = pack.entry({ name, size });
      await pipeline(fs.createReadStream(source), entry);
    };
    await addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    if (typeof database === 'string') await addFile(DATABASE_ENTRY.postgres, database);
    else await addBuffer(DATABASE_ENTRY.pglite, database);
    for (const key of keys) await addFile(`${UPLOADS_PREFIX}${key}`, path.join(uploadsDir, key));
    pack.finalize();
    await written;
    fs.renameSync(partial, target);

    const where = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const files = manifest.uploads.included
      ? `${keys.length} archivo${keys.length === 1 ? '' : 's'} subido${keys.length === 1 ? '' : 's'}`
      : `sin los archivos subidos: están en el bucket ${manifest.uploads.bucket}, que queda fuera de esta copia (cópialo con las herramientas del proveedor)`;
    console.log(`Copia de seguridad escrita en ${target} (${formatBytes(fs.statSync(target).size)}): base de datos ${where} hasta la migración ${migration}, ${files}.`);
    console.log(APP_KEY_REMINDER);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await runArchiveCommand({ usage: USAGE, failed: 'No se hizo la copia de seguridad' }, (file, config) => backup(file, config));
