import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../../../server/db/client';

/**
 * The last migration of the previous release: the upgrade test builds a database as that release
 * left it, fills it (previous-release-data.ts) and migrates it to the head. Move it forward at each
 * release, to the last migration the release shipped, and bring the fill up to that schema.
 */
export const PREVIOUS_RELEASE_MIGRATION = '0023_currencies';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

/**
 * A copy of the committed migrations in a temp folder whose journal (what drizzle's migrator reads)
 * stops at `tag`: migrating with it stops there, and migrating later with the real folder applies
 * what came after, as a server of the next release does on its first start.
 */
export function migrationsUpTo(tag: string): { folder: string; remove: () => void } {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`No hay ninguna migración ${tag} en ${MIGRATIONS_FOLDER}.`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Leaves the database with no schema at all, as a new one: the tables, types, functions and
 * extensions of the public schema and drizzle's record of the migrations applied. A test database
 * (already at the head) becomes one to migrate to the previous release in a fraction of what
 * creating another costs.
 */
export async function dropEverything(db: Db) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The tables of the public schema, as the database has them now. */
export const tablesIn = async (db: Db): Promise<string[]> =>
  (await rowsOf<{ name: string }>(db, sql`select relname as name from pg_class where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace order by relname`)).map(
    (row) => row.name,
  );

/**
 * Each of `tables`' rows, as `to_jsonb` writes them (column name → value), in no particular order.
 * Values read as text the same way before and after an upgrade, whatever the driver.
 */
export async function tableRows(db: Db, tables: readonly string[]): Promise<Record<string, Record<string, unknown>[]>> {
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) {
    const [row] = await rowsOf<{ rows: string }>(db, sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]')::text as rows from ${sql.identifier(table)} t`);
    rows[table] = JSON.parse(row!.rows) as Record<string, unknown>[];
  }
  return rows;
}
