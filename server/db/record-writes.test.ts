import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../http/actor';
import { UploadedFile } from '../http/uploads';
import type { Storage } from '../storage';
import { auditTrail } from './audit-trail';
import { openTestDatabase } from '../../tests/api/support/database';
import type { Database, Tx } from './client';
import { defineWrites } from './record-writes';
import { auditLog, campaigns, countries, sponsors, users } from './schema';

let database: Database;
let actor: Actor;
let countryId: number;
const dir = mkdtempSync(path.join(tmpdir(), 'record-writes-'));

/** Storage in memory that notes, for each removal, whether the database already showed the change. */
function memoryStorage() {
  const files = new Map<string, Buffer>();
  let counter = 0;
  const storage: Storage = {
    async put(content, options) {
      const key = `${options.folder}/${String(++counter).padStart(32, '0')}.${options.extension}`;
      if (Buffer.isBuffer(content)) files.set(key, content);
      else {
        const chunks: Buffer[] = [];
        for await (const chunk of content.stream) chunks.push(chunk as Buffer);
        files.set(key, Buffer.concat(chunks));
      }
      return key;
    },
    async delete(key) {
      files.delete(key);
    },
    url: (key) => `/storage/${key}`,
    read: async () => null,
    check: async () => undefined,
  };
  return { storage, files };
}

const log = { error: () => undefined } as unknown as FastifyBaseLogger;

const png = () => {
  const file = path.join(dir, `logo-${Math.random()}.png`);
  writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  return new UploadedFile({ fieldname: 'logo', filename: 'logo.png', kind: 'png', size: 11, path: file });
};

const history = auditTrail({
  resource: 'sponsor',
  id: (item: { id: number; name: string; logo: string | null }) => item.id,
  label: (item) => item.name,
  fields: (item) => ({ name: item.name, logo: item.logo }),
});

type SponsorRow = typeof sponsors.$inferSelect;

/**
 * The sponsors' write path, with `record` standing in for the history and `answer` for what a
 * write answers (each to make it fail on demand); the answer is the row read in the transaction.
 */
function sponsorWrites(
  storage: Storage,
  record: typeof history.record = history.record,
  answer = async (row: SponsorRow, tx: Tx) => (await tx.select().from(sponsors).where(eq(sponsors.id, row.id)))[0]!,
) {
  return defineWrites({
    db: database.db,
    storage,
    log,
    table: sponsors,
    id: sponsors.id,
    notFound: 'El sponsor no existe.',
    present: (row) => ({ id: row.id, name: row.name, logo: row.logoPath }),
    history: { resource: 'sponsor', record },
    answer,
    files: { logo: { column: 'logoPath', folder: 'sponsors', label: 'logo' } },
    dependents: [{ table: campaigns, column: campaigns.sponsorId, noun: ['campaña', 'campañas'] }],
    unique: [{ field: 'name', index: 'sponsors_name_unique', message: 'Ya existe un sponsor con ese nombre.' }],
    references: [{ constraint: 'sponsors_country_id_countries_id_fk', field: 'country_id', message: 'El país seleccionado no existe.' }],
  });
}

const failing: typeof history.record = async (tx, author, write) => {
  await history.record(tx, author, write);
  throw new Error('la base de datos falló después de escribir el historial');
};

const entriesFor = async (id: number) => database.db.select().from(auditLog).where(eq(auditLog.resourceId, id));
const rowOf = async (id: number) => (await database.db.select().from(sponsors).where(eq(sponsors.id, id)))[0];

beforeAll(async () => {
  database = await openTestDatabase();
  const [user] = await database.db.insert(users).values({ name: 'Ana', email: 'ana@panel.test', passwordHash: 'x' }).returning();
  const [country] = await database.db.insert(countries).values({ name: 'Perú', code: 'PE' }).returning();
  countryId = country!.id;
  actor = { userId: user!.id, name: 'Ana', address: null, sessionId: null, permissions: [], isSuperAdmin: true };
});
beforeEach(async () => {
  await database.db.delete(campaigns);
  await database.db.delete(sponsors);
  await database.db.delete(auditLog);
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('defineWrites', () => {
  it('creates the row, its file and its history entry together', async () => {
    const { storage, files } = memoryStorage();
    const row = await sponsorWrites(storage).create({ name: 'Andes', countryId }, { logo: png() }, actor);
    expect([...files.keys()]).toEqual([row.logoPath]);
    expect((await entriesFor(row.id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('leaves no stored file, no row and no history entry when the transaction fails', async () => {
    const { storage, files } = memoryStorage();
    await expect(sponsorWrites(storage, failing).create({ name: 'Fallido', countryId }, { logo: png() }, actor)).rejects.toThrow(/falló/);
    expect(files.size).toBe(0);
    expect(await database.db.select().from(sponsors)).toEqual([]);
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it('reads its answer in the write\'s transaction: an answer that cannot be read undoes the write', async () => {
    const { storage, files } = memoryStorage();
    const unreadable = async () => {
      throw new Error('la respuesta no se pudo leer');
    };
    await expect(sponsorWrites(storage, history.record, unreadable).create({ name: 'Sin respuesta', countryId }, { logo: png() }, actor)).rejects.toThrow(/no se pudo leer/);
    expect(files.size).toBe(0);
    expect(await database.db.select().from(sponsors)).toEqual([]);
    expect(await database.db.select().from(auditLog)).toEqual([]);

    const created = await sponsorWrites(storage).create({ name: 'Con respuesta', countryId }, {}, actor);
    await expect(sponsorWrites(storage, history.record, unreadable).update(created.id, { name: 'Cambiado' }, { logo: png() }, actor)).rejects.toThrow(/no se pudo leer/);
    expect(await rowOf(created.id)).toMatchObject({ name: 'Con respuesta', logoPath: null });
    expect(files.size).toBe(0);
    expect((await entriesFor(created.id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('keeps the old file and the row as they were when an update fails, and removes only the new upload', async () => {
    const { storage, files } = memoryStorage();
    const created = await sponsorWrites(storage).create({ name: 'Conservado', countryId }, { logo: png() }, actor);
    await expect(sponsorWrites(storage, failing).update(created.id, { name: 'Cambiado' }, { logo: png() }, actor)).rejects.toThrow(/falló/);
    expect([...files.keys()]).toEqual([created.logoPath]);
    expect(await rowOf(created.id)).toMatchObject({ name: 'Conservado', logoPath: created.logoPath });
    expect((await entriesFor(created.id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('removes a replaced file only after the commit, when the row already points at the new one', async () => {
    const { storage, files } = memoryStorage();
    const writes = sponsorWrites(storage);
    const created = await writes.create({ name: 'Reemplazo', countryId }, { logo: png() }, actor);
    const seenAtRemoval: (string | null | undefined)[] = [];
    const watching: Storage = {
      ...storage,
      async delete(key) {
        // Read outside the write's transaction: only a committed update is visible here.
        seenAtRemoval.push((await rowOf(created.id))?.logoPath);
        await storage.delete(key);
      },
    };
    const updated = await sponsorWrites(watching).update(created.id, {}, { logo: png() }, actor);
    expect(updated.logoPath).not.toBe(created.logoPath);
    expect(seenAtRemoval).toEqual([updated.logoPath]);
    expect([...files.keys()]).toEqual([updated.logoPath]);
    expect((await entriesFor(created.id)).map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses a delete with the same reason the deletion check gives, and deletes keeping the file for a restore once nothing blocks it', async () => {
    const { storage, files } = memoryStorage();
    const writes = sponsorWrites(storage);
    const created = await writes.create({ name: 'Con campañas', countryId }, { logo: png() }, actor);
    await database.db.insert(campaigns).values([1, 2, 3].map((n) => ({ name: `Campaña ${n}`, sponsorId: created.id, countryId })));

    expect(await writes.deletion(created.id, actor)).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 3 campañas' });
    await expect(writes.remove(created.id, actor)).rejects.toMatchObject({ statusCode: 409, message: 'No se puede eliminar: tiene 3 campañas' });
    expect(files.size).toBe(1);

    await database.db.delete(campaigns);
    expect(await writes.deletion(created.id, actor)).toEqual({ deletable: true, reason: null });
    await writes.remove(created.id, actor);
    // Kept until the restore window passes; the scheduled cleanup removes it.
    expect(files.size).toBe(1);
    expect((await entriesFor(created.id)).map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    await expect(writes.deletion(created.id, actor)).rejects.toMatchObject({ statusCode: 404 });
    await expect(writes.remove(created.id, actor)).rejects.toMatchObject({ statusCode: 404, message: 'El sponsor no existe.' });
  });

  it('refuses a name another record has (409 with an error on the field), storing no file, and lets a record keep its own', async () => {
    const { storage, files } = memoryStorage();
    const writes = sponsorWrites(storage);
    const first = await writes.create({ name: 'Ágil', countryId }, {}, actor);
    await expect(writes.create({ name: ' AGIL ', countryId }, { logo: png() }, actor)).rejects.toMatchObject({
      statusCode: 409,
      errors: { name: ['Ya existe un sponsor con ese nombre.'] },
    });
    expect(files.size).toBe(0);
    expect((await writes.update(first.id, { name: 'ágil' }, {}, actor)).name).toBe('ágil');
  });

  it('refuses a reference to a missing row by its foreign key (422 on the field), writing nothing and keeping no upload', async () => {
    const { storage, files } = memoryStorage();
    const writes = sponsorWrites(storage);
    const missing = { statusCode: 422, errors: { country_id: ['El país seleccionado no existe.'] } };
    await expect(writes.create({ name: 'Sin país', countryId: countryId + 1000 }, { logo: png() }, actor)).rejects.toMatchObject(missing);
    expect(await database.db.select().from(sponsors)).toEqual([]);

    const created = await writes.create({ name: 'Con país', countryId }, {}, actor);
    await expect(writes.update(created.id, { countryId: countryId + 1000 }, { logo: png() }, actor)).rejects.toMatchObject(missing);
    expect(await rowOf(created.id)).toMatchObject({ countryId, logoPath: null });
    expect(files.size).toBe(0);
    expect((await entriesFor(created.id)).map((entry) => entry.action)).toEqual(['create']);
    // A missing record is still a 404 first, whatever it would point at.
    await expect(writes.update(created.id + 1000, { countryId: countryId + 1000 }, {}, actor)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers an update that sends no field with the record as it is, and records no history entry for it', async () => {
    const { storage } = memoryStorage();
    const writes = sponsorWrites(storage);
    const created = await writes.create({ name: 'Reloj', countryId }, {}, actor);
    expect(await writes.update(created.id, {}, {}, actor)).toEqual(created);
    expect((await entriesFor(created.id)).map((entry) => entry.action)).toEqual(['create']);
  });
});
