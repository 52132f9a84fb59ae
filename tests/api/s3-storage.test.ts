import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { auditLog, countries } from '../../server/db/schema';
import { purgeExpiredRestores } from '../../server/modules/audit/restore';
import { bearer, createTestContext, multipart } from './support/context';
import { startS3Server, type S3Server } from './support/s3-server';
import { file, keyOf, pngBytes } from './support/uploads';

let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('STORAGE_URL and the S3 settings', () => {
  it('keeps uploads on the local disk by default, and reads the bucket, prefix, endpoint and region', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(loadConfig({ STORAGE_URL: 's3://panel-archivos' }).objectStorage).toEqual({ bucket: 'panel-archivos', prefix: '', endpoint: null, region: 'us-east-1' });
    expect(
      loadConfig({ STORAGE_URL: 's3://panel.archivos/produccion/panel/', S3_ENDPOINT: 'http://minio.interno:9000/', S3_REGION: 'auto' }).objectStorage,
    ).toEqual({ bucket: 'panel.archivos', prefix: 'produccion/panel', endpoint: 'http://minio.interno:9000', region: 'auto' });
  });

  it('refuses a wrong setting at start with a Spanish message that says what is expected', () => {
    expect(() => loadConfig({ STORAGE_URL: 'https://s3.amazonaws.com/panel' })).toThrow(/STORAGE_URL debe tener la forma s3:\/\/bucket o s3:\/\/bucket\/prefijo: "https:/);
    expect(() => loadConfig({ STORAGE_URL: 's3://' })).toThrow(/"" no es un nombre de bucket válido/);
    expect(() => loadConfig({ STORAGE_URL: 's3://Panel_Archivos' })).toThrow(/"Panel_Archivos" no es un nombre de bucket válido/);
    expect(() => loadConfig({ STORAGE_URL: 's3://panel-archivos/../otro' })).toThrow(/el prefijo "\.\.\/otro" solo puede tener/);
    expect(() => loadConfig({ STORAGE_URL: 's3://panel-archivos/a//b' })).toThrow(/el prefijo "a\/\/b"/);
    expect(() => loadConfig({ STORAGE_URL: 's3://panel-archivos?region=x' })).toThrow(/STORAGE_URL debe tener la forma/);
    expect(() => loadConfig({ STORAGE_URL: 's3://panel-archivos', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT debe ser solo esquema, servidor y puerto/);
    expect(() => loadConfig({ STORAGE_URL: 's3://panel-archivos', S3_ENDPOINT: 'http://minio:9000/bucket' })).toThrow(/S3_ENDPOINT debe ser/);
    expect(() => loadConfig({ STORAGE_URL: 's3://panel-archivos', S3_REGION: 'EU West' })).toThrow(/S3_REGION no es una región válida/);
    // Settings that would be ignored are refused rather than ignored.
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/^S3_ENDPOINT solo se usa con STORAGE_URL=s3:\/\/bucket\/prefijo; sin STORAGE_URL los archivos se guardan en DATA_DIR\/uploads\.$/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'auto' })).toThrow(/^S3_ENDPOINT y S3_REGION solo se usan con/);
  });
});

describe('the S3 storage (against s3rver)', () => {
  it('stores bytes under the prefix with their type, reads them back and deletes them', async () => {
    const storage = s3.storage('pruebas/panel');
    const png = pngBytes();
    const key = await storage.put(png, { folder: 'sponsors', extension: 'png' });
    const second = await storage.put(png, { folder: 'sponsors', extension: 'png' });
    expect(key).toMatch(/^sponsors\/[0-9a-f]{32}\.png$/);
    expect(second).not.toBe(key);
    expect(storage.url(key)).toBe(`/storage/${key}`);
    expect(await s3.keys('pruebas/')).toEqual([`pruebas/panel/${key}`, `pruebas/panel/${second}`].sort());
    expect(await s3.contentType(`pruebas/panel/${key}`)).toBe('image/png');

    const read = await storage.read(key);
    expect(read!.size).toBe(png.length);
    expect(await readAll(read!.stream)).toEqual(png);

    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    // Deleting twice, or a key that is not one, is not an error.
    await storage.delete(key);
    await storage.delete('../../etc/passwd');
    await storage.delete(second);
    expect(await s3.keys('pruebas/')).toEqual([]);
  });

  it('stores a stream of the announced size, at the bucket\'s root without a prefix', async () => {
    const storage = s3.storage();
    const png = pngBytes(32);
    const key = await storage.put({ stream: Readable.from([png.subarray(0, 7), png.subarray(7)]), size: png.length }, { folder: 'plans', extension: 'png' });
    expect(await s3.keys('plans/')).toEqual([key]);
    expect(await s3.contentType(key)).toBe('image/png');
    expect(await readAll((await storage.read(key))!.stream)).toEqual(png);
    await storage.delete(key);
  });

  it('cuts the upload when the stream carries more or fewer bytes than announced, or fails', async () => {
    const storage = s3.storage('cortes');
    const png = pngBytes(32);
    const target = { folder: 'plans', extension: 'png' } as const;
    await expect(storage.put({ stream: Readable.from([png]), size: png.length - 1 }, target)).rejects.toThrow(/more than the/);
    await expect(storage.put({ stream: Readable.from([png]), size: png.length + 1 }, target)).rejects.toThrow(/where .* were announced/);
    const failing = new PassThrough();
    failing.write(png.subarray(0, 5));
    setTimeout(() => failing.destroy(new Error('cortado')), 10);
    await expect(storage.put({ stream: failing, size: png.length }, target)).rejects.toThrow('cortado');
    // S3 keeps nothing of a request cut before its announced length; s3rver keeps what arrived. So
    // the proof is that no request was completed: whatever s3rver kept is shorter than announced.
    for (const object of await s3.objects('cortes/')) expect(object.size).toBeLessThan(png.length - 1);
  });

  it('reports a stream that fails before the upload reads it as that upload’s failure, not at the process', async () => {
    const storage = s3.storage('antes');
    const failing = new PassThrough();
    const stored = storage.put({ stream: failing, size: 10 }, { folder: 'plans', extension: 'png' });
    // While the SDK prepares the request: without a listener of put's own, this error would be uncaught.
    failing.destroy(new Error('cortado'));
    await expect(stored).rejects.toThrow('cortado');
    expect(await s3.keys('antes/')).toEqual([]);
  });

  it('refuses extensions it cannot serve safely', async () => {
    await expect(s3.storage('extensiones').put(Buffer.from('<html>'), { folder: 'sponsors', extension: 'html' })).rejects.toThrow(/Unsupported storage extension/);
    expect(await s3.keys('extensiones/')).toEqual([]);
  });

  it('answers null for a missing file or a key that is not one, and fails when the bucket is missing', async () => {
    const storage = s3.storage();
    expect(await storage.read('sponsors/00000000000000000000000000000000.png')).toBeNull();
    expect(await storage.read('../secret.png')).toBeNull();
    // A missing bucket is a setting to fix, not a missing file.
    await expect(s3.storage('', 'otro-bucket').read('sponsors/00000000000000000000000000000000.png')).rejects.toThrow(/bucket/i);
  });

  it('keeps an upload through the API in the bucket and serves it back from /storage', async () => {
    const ctx = await createTestContext({}, { storage: s3.storage('api') });
    try {
      const token = await ctx.signIn();
      const [colombia] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
      const png = pngBytes(24, [10, 120, 60]);
      const body = await multipart({ name: 'Sponsor en S3', country_id: String(colombia!.id), logo: file(png, 'logo.png', 'image/png') });
      const created = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(created.statusCode, created.body).toBe(201);
      const logoUrl = created.json().data.logo_url as string;
      expect(logoUrl).toMatch(/^\/storage\/sponsors\/[0-9a-f]{32}\.png$/);
      expect(await s3.keys('api/')).toEqual([`api/${keyOf(logoUrl)}`]);

      const logo = await ctx.inject({ method: 'GET', url: logoUrl });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['content-length']).toBe(String(png.length));
      expect(logo.rawPayload).toEqual(png);

      // Deleting the sponsor keeps its logo in the bucket while it can be restored; the cleanup
      // after RESTORE_WINDOW removes it from the bucket.
      const id = created.json().data.id as number;
      const deleted = await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${id}`, headers: bearer(token) });
      expect(deleted.statusCode).toBe(200);
      expect(await s3.keys('api/')).toEqual([`api/${keyOf(logoUrl)}`]);
      await ctx.db.update(auditLog).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(auditLog.id, deleted.json().data.entry_id as number));
      await purgeExpiredRestores(ctx.db, s3.storage('api'), ctx.app.log, ctx.config.restoreWindowSeconds);
      expect(await s3.keys('api/')).toEqual([]);
      expect((await ctx.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('frees the connection to the bucket when a browser leaves in the middle of a download', async () => {
    const storage = s3.storage('cortadas');
    const ctx = await createTestContext({}, { storage });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/storage/`;
      // Far larger than a socket's buffers, so the object is still being read when the browser leaves.
      const key = await storage.put(Buffer.concat([pngBytes(), Buffer.alloc(4 * 1024 * 1024)]), { folder: 'plans', extension: 'png' });
      // More downloads than the AWS SDK's 50 connections: one left open each would leave none.
      for (let left = 0; left < 55; left += 1) {
        await new Promise<void>((resolve, reject) => {
          const request = http.get(`${url}${key}`, { timeout: 5_000 }, (response) =>
            response.once('data', () => {
              request.destroy();
              resolve();
            }),
          );
          request.on('timeout', () => reject(new Error(`download ${left + 1} got no answer within 5 s`)));
          request.on('error', reject);
        });
      }
      const whole = await fetch(`${url}${key}`, { signal: AbortSignal.timeout(5_000) });
      expect(whole.status).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(Number(whole.headers.get('content-length')));
    } finally {
      await ctx.close();
    }
  });
});
