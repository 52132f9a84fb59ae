import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/client';

/*
 * A backup is one tar file: manifest.json first (so a restore can refuse a wrong file before
 * writing anything), then the database's dump, then the uploaded files under uploads/ by their
 * storage key. APP_KEY is never in it: it opens the connectors' credentials and the TOTP secrets
 * the dump holds sealed, so whoever steals a backup must not find it next to them.
 */

export const BACKUP_FORMAT = 'panel-de-control-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
/** The database's entry: PGlite's `dumpDataDir` (a gzipped tar), or `pg_dump -Fc`'s custom format. */
export const DATABASE_ENTRY = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;
export const UPLOADS_PREFIX = 'uploads/';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** The last migration the database had applied (its tag in the journal). */
  migration: string;
  /** Files in the backup, or the bucket left out of it. */
  uploads: { included: true; files: number } | { included: false; bucket: string };
}

interface Journal {
  entries: { tag: string; when: number }[];
}

const journal = (): Journal['entries'] => (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal).entries;

/** What drizzle's table of applied migrations says about the last one; run on the database being backed up. */
export const MIGRATION_HEAD_SQL = 'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1';

/** The tag of the migration drizzle recorded at `createdAt` (its `when` in the journal); unknown ones keep the number. */
export function migrationTag(createdAt: string | undefined): string {
  if (createdAt === undefined) return 'ninguna';
  return journal().find((entry) => String(entry.when) === createdAt)?.tag ?? `desconocida (${createdAt})`;
}

/** Whether this release's code knows the migration (a backup from a newer release does not). */
export const knownMigration = (tag: string) => journal().some((entry) => entry.tag === tag);

/** Refuses a manifest this code cannot restore: another file, a newer format or release, the other database kind. */
export function checkManifest(manifest: unknown, kind: BackupManifest['database']): BackupManifest {
  const found = manifest as Partial<BackupManifest> | null;
  if (!found || found.format !== BACKUP_FORMAT) throw new Error('El archivo no es una copia de seguridad del Panel de Control (no empieza por su manifest.json).');
  if (found.format_version !== BACKUP_FORMAT_VERSION) {
    throw new Error(`La copia tiene el formato ${String(found.format_version)} y esta versión del panel solo lee el ${BACKUP_FORMAT_VERSION}: restáurala con la versión del panel que la hizo.`);
  }
  const names = { pglite: 'PGlite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' };
  if (found.database !== kind) {
    throw new Error(`La copia es de una base de datos ${names[found.database!] ?? String(found.database)} y la configuración actual usa ${names[kind]}: restáurala con la misma clase de base de datos.`);
  }
  if (!found.migration || !knownMigration(found.migration)) {
    throw new Error(`La copia llega hasta la migración ${String(found.migration)}, que esta versión del panel no conoce: actualiza el panel a la versión que hizo la copia (o una más nueva) y restaura con ella.`);
  }
  return found as BackupManifest;
}

/** Every file under `dir`, as paths relative to it with "/" (the storage keys), sorted. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) found.push(`${prefix}${entry.name}`);
    }
  };
  if (fs.existsSync(dir)) walk(dir, '');
  return found.sort();
}

/** Stops with `message` when `command` (pg_dump, pg_restore) cannot be run from the PATH. */
export function requireOnPath(command: string, purpose: string) {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `No se encuentra ${command} en el PATH, y hace falta para ${purpose} de PostgreSQL. Instala el cliente de PostgreSQL de la misma versión que el servidor (por ejemplo el paquete postgresql-client) y vuelve a intentarlo.`,
    );
  }
}

/**
 * DATABASE_URL as pg_dump and pg_restore take it: the address without its password, which goes in
 * their environment (PGPASSWORD), where other users' `ps` does not show it.
 */
export function postgresConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs `command` with `args`, its output to this terminal; throws with its exit when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} terminó con el código ${result.status}.`);
}

/** The message an operator reads about the key, after a backup and after a restore. */
export const APP_KEY_REMINDER =
  'La copia no incluye APP_KEY (ni DATA_DIR/app.key): guárdala aparte, lejos de la copia. Sin ella las credenciales de los conectores y los secretos TOTP de la copia no se pueden abrir.';

/** A byte count for people. */
export const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
