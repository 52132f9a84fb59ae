// `npm run restore -- <archivo> [--force]`: puts a backup of `npm run backup` back into an empty
// DATA_DIR (PGlite) or an empty database (DATABASE_URL), and its files into DATA_DIR/uploads.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import tar from 'tar-stream';
import {
  checkManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  postgresConnection,
  requireOnPath,
  run,
  UPLOADS_PREFIX,
  type BackupManifest,
} from '../server/backup/archive';
import type { Config } from '../server/config';
import { pgliteDirOf } from '../server/db/client';
import { claimDataDir } from '../server/db/data-dir-control';
import { PgliteThread } from '../server/db/pglite-thread';
import { isStorageKey, uploadsDirOf } from '../server/storage';
import { runArchiveCommand } from './support/archive-command';

const USAGE = 'Uso: npm run restore -- <archivo> [--force]   (--force reemplaza la base de datos y los archivos que ya haya)';

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

async function tablesOnServer(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: number }>(
      "select count(*)::int as total from pg_tables where schemaname in ('public', 'drizzle')",
    );
    return rows[0]!.total;
  } finally {
    await client.end();
  }
}

/** Reads the archive into `staging`: the manifest (checked before anything else is written), the dump, the files. */
async function unpack(file: string, staging: string, kind: BackupManifest['database']) {
  let manifest: BackupManifest | null = null;
  let dump: string | null = null;
  const files: string[] = [];
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), extract);
  for await (const entry of extract) {
    const { name, type } = entry.header;
    if (!manifest) {
      if (name !== MANIFEST_ENTRY) throw new Error('El archivo no es una copia de seguridad del Panel de Control (no empieza por su manifest.json).');
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        parsed = null;
      }
      manifest = checkManifest(parsed, kind);
      continue;
    }
    let target: string | null = null;
    if (type === 'file' && name === DATABASE_ENTRY[kind]) target = dump = path.join(staging, 'database');
    else if (type === 'file' && name.startsWith(UPLOADS_PREFIX) && isStorageKey(name.slice(UPLOADS_PREFIX.length))) {
      target = path.join(staging, 'uploads', name.slice(UPLOADS_PREFIX.length));
      files.push(name.slice(UPLOADS_PREFIX.length));
    }
    if (!target) throw new Error(`La copia tiene una entrada que no es de una copia del Panel de Control: ${name}`);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(entry, fs.createWriteStream(target, { mode: 0o600 }));
  }
  await reading;
  if (!manifest) throw new Error('El archivo está vacío o no es un tar.');
  if (!dump) throw new Error('La copia no tiene el volcado de la base de datos: está incompleta.');
  if (manifest.uploads.included && manifest.uploads.files !== files.length) {
    throw new Error(`La copia dice tener ${manifest.uploads.files} archivos subidos y trae ${files.length}: está incompleta.`);
  }
  return { manifest, dump, files };
}

async function restore(file: string, config: Config, force: boolean) {
  if (!fs.existsSync(file)) throw new Error(`No existe el archivo ${path.resolve(file)}.`);
  const kind: BackupManifest['database'] = config.databaseUrl ? 'postgres' : 'pglite';
  const uploadsDir = uploadsDirOf(config.dataDir);
  const pgliteDir = pgliteDirOf(config.dataDir);
  const notEmpty: string[] = [];
  if (config.databaseUrl) {
    requireOnPath('pg_restore', 'restaurar la copia');
    const tables = await tablesOnServer(config.databaseUrl);
    if (tables > 0) notEmpty.push(`la base de datos de DATABASE_URL tiene ${tables} tablas`);
  } else if (!isEmptyDir(pgliteDir)) notEmpty.push(`${pgliteDir} tiene una base de datos`);
  if (!config.objectStorage && !isEmptyDir(uploadsDir)) notEmpty.push(`${uploadsDir} tiene archivos`);
  if (notEmpty.length > 0 && !force) {
    throw new Error(`El destino no está vacío: ${notEmpty.join(' y ')}. Restaura en un DATA_DIR o una base de datos vacíos, o añade --force para reemplazar lo que hay (se pierde).`);
  }

  // No server, and no other backup or restore, may use the embedded database while it is replaced.
  const claim = config.databaseUrl ? null : await claimDataDir(config.dataDir, 'Una restauración');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.resolve(config.dataDir), '.restaurando-'));
  try {
    const { manifest, dump, files } = await unpack(file, staging, kind);
    if (files.length > 0 && config.objectStorage) {
      throw new Error(
        `La copia trae ${files.length} archivos subidos y STORAGE_URL apunta a un bucket, donde esta herramienta no escribe. Restaura sin STORAGE_URL (los archivos quedan en DATA_DIR/uploads) y súbelos al bucket con las herramientas del proveedor.`,
      );
    }

    if (config.databaseUrl) {
      const connection = postgresConnection(config.databaseUrl);
      // One transaction: a restore that fails leaves the database as it was.
      const clean = force ? ['--clean', '--if-exists'] : [];
      run('pg_restore', ['--single-transaction', '--no-owner', '--no-privileges', ...clean, `--dbname=${connection.dbname}`, dump], connection.env);
    } else {
      // Loaded aside and moved in once it opens: a dump that does not load leaves DATA_DIR as it was.
      const loaded = path.join(staging, 'pglite');
      fs.mkdirSync(loaded);
      const client = new PgliteThread({ dataDir: loaded, loadDataDir: new Blob([new Uint8Array(fs.readFileSync(dump))]), extensionNames: ['pg_trgm'] });
      await client.waitReady;
      await client.close();
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      fs.renameSync(loaded, pgliteDir);
    }

    if (!config.objectStorage) {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      if (files.length > 0) fs.renameSync(path.join(staging, 'uploads'), uploadsDir);
    }

    const where = kind === 'postgres' ? 'la base de datos de DATABASE_URL' : pgliteDir;
    const uploads = manifest.uploads.included
      ? `${files.length} archivo${files.length === 1 ? '' : 's'} en ${uploadsDir}`
      : `sin archivos: estaban en el bucket ${manifest.uploads.bucket}, que la copia no incluye`;
    console.log(`Copia del ${manifest.created_at} restaurada en ${where} (migración ${manifest.migration}), ${uploads}.`);
    const keyFile = path.join(config.dataDir, 'app.key');
    if (!config.appKey && !fs.existsSync(keyFile)) {
      console.log(
        [
          `AVISO: no hay APP_KEY ni ${keyFile}. Antes de arrancar el servidor pon la clave que tenía cuando se hizo la copia (APP_KEY, o el archivo ${keyFile}).`,
          '       Sin ella el servidor crearía una nueva, y las credenciales de los conectores y los secretos TOTP de la copia no se podrían abrir:',
          '       habría que volver a escribir las credenciales de cada conector, y cada persona con TOTP tendría que volver a configurarlo.',
        ].join('\n'),
      );
    } else {
      console.log('Arranca el servidor con la misma APP_KEY (o DATA_DIR/app.key) que tenía al hacer la copia: con otra, las credenciales de los conectores y los secretos TOTP no se pueden abrir.');
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await claim?.release();
  }
}

await runArchiveCommand({ usage: USAGE, known: ['--force'], failed: 'No se restauró la copia' }, (file, config, flags) =>
  restore(file, config, flags.has('--force')),
);
