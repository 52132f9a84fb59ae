import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from '../../contract/campaign';
import type { Db } from '../../server/db/client';
import { bookings, campaignCategories, campaigns, customers, dsps, plans, services, sponsors } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { seedDemo } from '../../server/db/seed/demo';
import { bannerPng, encodePng, initials, logoPng } from '../../server/db/seed/demo-images';
import { createLocalDiskStorage, createUploadsStorage } from '../../server/storage';
import { bearer, createTestContext, type TestContext } from './support/context';
import { openTestDatabase } from './support/database';
import { pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('storage');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

describe('the local-disk storage', () => {
  it('stores bytes under a random name in the folder, reads them back and deletes them', async () => {
    const storage = createLocalDiskStorage(data.uploads);
    const png = pngBytes();
    const first = await storage.put(png, { folder: 'sponsors', extension: 'png' });
    const second = await storage.put(png, { folder: 'sponsors', extension: 'png' });
    expect(first).toMatch(/^sponsors\/[0-9a-f]{32}\.png$/);
    expect(second).not.toBe(first);
    expect(storage.url(first)).toBe(`/storage/${first}`);
    expect(readFileSync(path.join(data.uploads, first))).toEqual(png);

    const read = await storage.read(first);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.stream) chunks.push(chunk as Buffer);
    expect(read!.size).toBe(png.length);
    expect(Buffer.concat(chunks)).toEqual(png);

    await storage.delete(first);
    expect(await storage.read(first)).toBeNull();
    // Deleting twice, or a key that is not one, is not an error.
    await storage.delete(first);
    await storage.delete('../../etc/passwd');
    await storage.delete(second);
  });

  it('stores a stream of the announced size, and nothing when the size is wrong or the stream fails', async () => {
    const storage = createLocalDiskStorage(data.uploads);
    const png = pngBytes();
    const key = await storage.put({ stream: Readable.from([png.subarray(0, 5), png.subarray(5)]), size: png.length }, { folder: 'plans', extension: 'png' });
    expect(key).toMatch(/^plans\/[0-9a-f]{32}\.png$/);
    expect(readFileSync(path.join(data.uploads, key))).toEqual(png);
    const before = storedKeys(data.uploads);

    await expect(storage.put({ stream: Readable.from([png]), size: png.length + 1 }, { folder: 'plans', extension: 'png' })).rejects.toThrow();
    const failing = new PassThrough();
    failing.write(png.subarray(0, 5));
    setTimeout(() => failing.destroy(new Error('cut')), 10);
    await expect(storage.put({ stream: failing, size: png.length }, { folder: 'plans', extension: 'png' })).rejects.toThrow('cut');
    expect(storedKeys(data.uploads)).toEqual(before);
    await storage.delete(key);
  });

  it('reports a stream that fails before it is read as that upload’s failure, not at the process', async () => {
    const storage = createLocalDiskStorage(data.uploads);
    const before = storedKeys(data.uploads);
    const failing = new PassThrough();
    const stored = storage.put({ stream: failing, size: 10 }, { folder: 'plans', extension: 'png' });
    // While put makes its folder: without a listener of put's own, this error would be uncaught.
    failing.destroy(new Error('cut'));
    await expect(stored).rejects.toThrow('cut');
    expect(storedKeys(data.uploads)).toEqual(before);
  });

  it('refuses extensions it cannot serve safely', async () => {
    const storage = createLocalDiskStorage(data.uploads);
    await expect(storage.put(Buffer.from('<html>'), { folder: 'sponsors', extension: 'html' })).rejects.toThrow();
  });

  it('creates nothing on disk until the first file is stored', async () => {
    const empty = tempDataDir('storage-lazy');
    const storage = createUploadsStorage(empty.dir);
    expect(await storage.read('sponsors/00000000000000000000000000000000.png')).toBeNull();
    expect(storedKeys(empty.uploads)).toEqual([]);
    empty.cleanup();
  });
});

describe('GET /storage/*', () => {
  it('serves a stored file with its type, nosniff, inline and a long cache, without a token', async () => {
    const storage = createUploadsStorage(data.dir);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const key = await storage.put(gif, { folder: 'campaigns', extension: 'gif' });
    const response = await ctx.inject({ method: 'GET', url: `/storage/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/gif',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(gif.length),
    });
    expect(response.rawPayload).toEqual(gif);
    const head = await ctx.inject({ method: 'HEAD', url: `/storage/${key}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/gif');
  });

  it('answers a Spanish 404 for a file that does not exist', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/storage/sponsors/0123456789abcdef0123456789abcdef.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El archivo no existe.' });
  });

  it('never serves anything outside the uploads, nor files it did not store', async () => {
    // A secret beside the uploads folder, and files planted inside it with other names or types.
    writeFileSync(path.join(data.dir, 'secret.png'), 'secreto');
    mkdirSync(path.join(data.uploads, 'sponsors'), { recursive: true });
    writeFileSync(path.join(data.uploads, 'sponsors', 'page.html'), '<script>alert(1)</script>');
    writeFileSync(path.join(data.uploads, 'sponsors', 'logo.png'), 'no aleatorio');
    const attempts = [
      '/storage/../secret.png',
      '/storage/..%2Fsecret.png',
      '/storage/%2e%2e/secret.png',
      '/storage/%2E%2E%2Fsecret.png',
      '/storage/sponsors/..%2F..%2Fsecret.png',
      '/storage/sponsors/%2e%2e/%2e%2e/secret.png',
      '/storage/sponsors/..\\..\\secret.png',
      '/storage//etc/passwd',
      '/storage/%2Fetc%2Fpasswd',
      '/storage/sponsors/page.html',
      '/storage/sponsors/logo.png',
      '/storage/',
      '/storage/sponsors',
    ];
    for (const url of attempts) {
      const response = await ctx.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secreto');
      expect(response.body, url).not.toContain('<script>');
    }
    // A NUL in the path is refused before the route runs (the input sanitation's 400).
    const nul = await ctx.inject({ method: 'GET', url: '/storage/sponsors/0123456789abcdef0123456789abcdef.png%00.html' });
    expect(nul.statusCode).toBe(400);
  });
});

describe('the demo data', () => {
  /** The RGBA pixels of a PNG, decoded by drawing it at its own size. */
  const decodePng = (png: Buffer, width: number, height: number) =>
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
    ).render().pixels;

  it('draws real PNG logos with the initials, and a different banner per campaign', () => {
    expect(initials('Banco del Pacífico Sur')).toBe('BP');
    expect(initials('Río de la Plata Telecom')).toBe('RP');
    const logo = logoPng('Andes Protección', [30, 94, 168]);
    expect(logo.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(logo.readUInt32BE(16)).toBe(128);
    // Decoded, the logo has white pixels (the letters) on the sponsor's colour, and clear corners.
    const pixels = decodePng(logo, 128, 128);
    const at = (x: number, y: number) => [...pixels.subarray((y * 128 + x) * 4, (y * 128 + x) * 4 + 4)];
    expect(pixels.includes(Buffer.from([255, 255, 255, 255]))).toBe(true);
    expect(at(0, 0)[3]).toBe(0);
    expect(logoPng('Andes Protección', [30, 94, 168]).equals(logo)).toBe(true);
    expect(logoPng('Banco del Pacífico Sur', [30, 94, 168]).equals(logo)).toBe(false);

    const banner = bannerPng([30, 94, 168], [72, 187, 230], 'Hogar Seguro Total');
    expect(banner.readUInt32BE(16)).toBe(640);
    expect(banner.length).toBeLessThan(60 * 1024);
    expect(bannerPng([30, 94, 168], [72, 187, 230], 'Hogar Seguro Total').equals(banner)).toBe(true);
    expect(bannerPng([30, 94, 168], [72, 187, 230], 'Auto Tranquilo').equals(banner)).toBe(false);
    expect(encodePng(1, 1, () => [0, 0, 0, 255]).length).toBeGreaterThan(50);
  });

  it('seeds sponsors from several countries with loadable logos and campaigns in every status', async () => {
    const storage = createUploadsStorage(data.dir);
    const result = await seedDemo(ctx.db, storage);
    expect(result.sponsors).toBeGreaterThanOrEqual(6);
    expect(result.sponsors).toBeLessThanOrEqual(8);

    const list = await ctx.inject({ method: 'GET', url: '/api/v1/sponsors?include=country&limit=50', headers: bearer(token) });
    const items = list.json().data.data as { name: string; logo_url: string; website_url: string | null; country: { name: string } }[];
    expect(items).toHaveLength(result.sponsors);
    expect(new Set(items.map((item) => item.country.name)).size).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      expect(item.logo_url).toMatch(/^\/storage\/sponsors\//);
      const logo = await ctx.inject({ method: 'GET', url: item.logo_url });
      expect(logo.statusCode, item.name).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
      if (item.website_url) expect(item.website_url).toMatch(/^https?:\/\//);
    }

    const page = await ctx.inject({ method: 'GET', url: '/api/v1/campaigns?limit=100', headers: bearer(token) });
    const all = page.json().data.data as { status: string; description: string; image_url: string | null; start_date: string | null }[];
    expect(all).toHaveLength(result.campaigns);
    expect(new Set(all.map((campaign) => campaign.status))).toEqual(new Set(CAMPAIGN_STATUSES));
    expect(all.every((campaign) => campaign.description.length > 20)).toBe(true);
    const withImage = all.filter((campaign) => campaign.image_url);
    expect(withImage.length).toBeGreaterThan(all.length / 2);
    expect((await ctx.inject({ method: 'GET', url: withImage[0]!.image_url! })).headers['content-type']).toBe('image/png');

    // A second run adds nothing.
    expect(await seedDemo(ctx.db, storage)).toEqual({ sponsors: 0, campaigns: 0, plans: 0 });
  });

  it('runs from seed() only on a new database, with storage and SEED_DEMO on', async () => {
    const fresh = tempDataDir('storage-seed');
    const options = { adminEmail: 'admin@demo.test', adminPassword: 'Secreto123!' };
    const countRows = async (db: Db) => ({
      sponsors: (await db.select().from(sponsors)).length,
      campaigns: (await db.select().from(campaigns)).length,
    });

    const withoutStorage = await openTestDatabase();
    await seed(withoutStorage.db, { ...options, demo: true });
    expect(await countRows(withoutStorage.db)).toEqual({ sponsors: 0, campaigns: 0 });
    await withoutStorage.close();

    const demoOff = await openTestDatabase();
    await seed(demoOff.db, { ...options, demo: false, storage: createUploadsStorage(fresh.dir) });
    expect(await countRows(demoOff.db)).toEqual({ sponsors: 0, campaigns: 0 });
    await demoOff.close();

    const database = await openTestDatabase();
    await seed(database.db, { ...options, demo: true, storage: createUploadsStorage(fresh.dir) });
    const seeded = await countRows(database.db);
    expect(seeded.sponsors).toBeGreaterThanOrEqual(6);
    expect(storedKeys(fresh.uploads).filter((key) => key.startsWith('sponsors/'))).toHaveLength(seeded.sponsors);
    // Staff deleted every demo sponsor (bookings, customers, DSPs, services, categories and plans first): the next start does not bring them back.
    await database.db.delete(bookings);
    await database.db.delete(customers);
    await database.db.delete(dsps);
    await database.db.delete(services);
    await database.db.delete(campaignCategories);
    await database.db.update(plans).set({ planId: null });
    await database.db.delete(plans);
    await database.db.delete(campaigns);
    await database.db.delete(sponsors);
    await seed(database.db, { ...options, demo: true, storage: createUploadsStorage(fresh.dir) });
    expect(await countRows(database.db)).toEqual({ sponsors: 0, campaigns: 0 });
    await database.close();
    fresh.cleanup();
    // Three databases and four seeds, each hashing the admin's password: slow on a busy machine.
  }, 120_000);
});

describe('the OpenAPI document', () => {
  it('describes the sponsor and campaign endpoints, and hides the file route', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/v1/sponsors', '/api/v1/sponsors/{id}', '/api/v1/campaigns', '/api/v1/campaigns/{id}']));
    expect(paths['/api/v1/sponsors']).toHaveProperty('post');
    expect(Object.keys(paths).some((key) => key.startsWith('/storage'))).toBe(false);
  });
});
