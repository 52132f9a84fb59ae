import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { createCredentialBox } from '../../server/security/credentials';
import { createUploadsStorage } from '../../server/storage';
import { ADMIN_EMAIL, bearer, createTestContext, TEST_APP_KEY, type TestContext } from './support/context';
import { fillPreviousRelease, type PreviousReleaseData } from './support/previous-release-data';
import { itAnswersWhatWasStored } from './support/stored-answers';
import { openTestDatabase } from './support/database';
import { dropEverything, migrationsUpTo, PREVIOUS_RELEASE_MIGRATION, tableRows, tablesIn } from './support/previous-release';
import { tempDataDir } from './support/uploads';

/**
 * A database as the previous release left it, with data of every resource and its files, upgraded
 * as a server of this release does on its first start (the migrations since, then the seed): every
 * record and file is still there, and the API answers them to a super admin signed in before.
 */

/**
 * Tables of the previous release that may hold no row after the fill, and why. Any other one left
 * empty means the fill forgot it (a table the baseline added since it was written).
 */
const MAY_BE_EMPTY: Record<string, string> = {};
/**
 * Tables the database keeps itself from others (tallies by triggers, which the migrations may fold
 * or rebuild): their row counts may change; the totals the API reads from them (the lists' totals,
 * the sales summary) are checked instead.
 */
const DERIVED = new Set(['sales_tallies', 'row_tallies']);
/**
 * Columns the migrations since the previous release rewrite on purpose (a backfill), by table, and
 * why: every other column of every row must read after the upgrade as it did before it.
 */
const REWRITTEN: Record<string, Record<string, string>> = {};

/** Every table of the head schema. */
const HEAD_TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

const credentials = createCredentialBox(Buffer.from(TEST_APP_KEY, 'base64'));
const data = tempDataDir('upgrade');
let ctx: TestContext;
let release: PreviousReleaseData;
let previousTables: string[] = [];
let before: Record<string, Record<string, unknown>[]> = {};
let after: Record<string, Record<string, unknown>[]> = {};

beforeAll(async () => {
  const database = await openTestDatabase();
  try {
    await dropEverything(database.db);
    const migrations = migrationsUpTo(PREVIOUS_RELEASE_MIGRATION);
    try {
      await migrateDatabase(database, migrations.folder);
    } finally {
      migrations.remove();
    }
    previousTables = await tablesIn(database.db);
    release = await fillPreviousRelease(database.db, createUploadsStorage(data.dir), credentials);
    before = await tableRows(database.db, previousTables);
    // What a server of this release does on its first start: the migrations since, then the seed
    // (in the context), with the same DATA_DIR, whose uploads are the files stored before.
    await migrateDatabase(database);
    after = await tableRows(database.db, previousTables.filter((table) => HEAD_TABLES.includes(table)));
  } catch (error) {
    await database.close();
    throw error;
  }
  ctx = await createTestContext({ dataDir: data.dir }, {}, { database });
});

afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const get = (url: string, token = release.sessionToken) => ctx.inject({ method: 'GET', url, headers: bearer(token) });

describe(`an upgrade from ${PREVIOUS_RELEASE_MIGRATION}`, () => {
  it('starts from a fill that leaves no table of the previous release empty', () => {
    expect(previousTables.length).toBeGreaterThan(20);
    const empty = previousTables.filter((table) => before[table]!.length === 0 && !(table in MAY_BE_EMPTY));
    expect(empty, 'tablas sin filas en previous-release-data.ts').toEqual([]);
  });

  it('keeps every table, every row and every value', () => {
    expect(previousTables.filter((table) => !HEAD_TABLES.includes(table)), 'tablas que la actualización quitó').toEqual([]);
    const counts = (rows: typeof before) => Object.fromEntries(previousTables.filter((table) => !DERIVED.has(table)).map((table) => [table, rows[table]?.length]));
    expect(counts(after)).toEqual(counts(before));
    for (const table of DERIVED) if (before[table]!.length > 0) expect(after[table]!.length, table).toBeGreaterThan(0);
    // Each row as it was, in the columns it had (a column added since is not compared).
    for (const table of previousTables.filter((name) => !DERIVED.has(name))) {
      const compared = Object.keys(before[table]![0]!).filter((column) => !(column in (REWRITTEN[table] ?? {})));
      const rowsOf = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(compared.map((column) => [column, row[column]]))).sort();
      expect(rowsOf(after[table]!), table).toEqual(rowsOf(before[table]!));
    }
  });

  it('ends with every table the app’s schema names', async () => {
    // The tables new since the previous release cannot be in its fill; they join it when the
    // baseline moves past them.
    const tables = await tablesIn(ctx.db);
    expect(HEAD_TABLES.filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('keeps the super admin signed in with the session opened before it', async () => {
    const me = await get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: ADMIN_EMAIL });
  });

  it('answers every record in its list', async () => {
    for (const { url, total } of release.lists) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const page = response.json().data as { total?: number; data?: unknown[] } | unknown[];
      expect(Array.isArray(page) ? page.length : page.total, url).toBe(total);
    }
  });

  itAnswersWhatWasStored(() => ({ ctx, release, credentials }));

  it('signs staff in with the passwords they had, seeing what their roles and DSPs allow', async () => {
    expect((await get('/api/auth/me', await ctx.signIn())).statusCode).toBe(200);
    const staff = await ctx.signIn(release.staff.email, release.staff.password);
    const bookings = await get(`/api/v1/dsps/${release.staff.dspId}/bookings`, staff);
    expect(bookings.statusCode).toBe(200);
    expect(bookings.json().data.total).toBe(1);
    expect((await get('/api/v1/sponsors', staff)).statusCode).toBe(403);
  });
});
