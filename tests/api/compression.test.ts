import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

/** Every country, names only: about 9 KB of JSON. */
const COUNTRIES = '/api/v1/countries?sort=name&fields=id,name&limit=300';
const get = (url: string, acceptEncoding?: string) =>
  ctx.inject({ method: 'GET', url, headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('compressed answers', () => {
  it('sends a large answer with brotli to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await get(COUNTRIES);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.data).toHaveLength((await ctx.db.select({ id: countries.id }).from(countries)).length);

    const compressed = await get(COUNTRIES, 'br, gzip, deflate');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers['cache-control']).toBe('no-store');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('uses gzip for a client that accepts only gzip', async () => {
    const compressed = await get(COUNTRIES, 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8')).data.data.length).toBeGreaterThan(200);
  });

  it('leaves a small answer, and errors under 1 KB, as they are', async () => {
    const small = await get('/api/v1/countries?limit=1', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.data).toHaveLength(1);

    const refused = await ctx.inject({ method: 'GET', url: COUNTRIES, headers: { 'accept-encoding': 'br, gzip' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ status: 'error' });
  });

  it('compresses a CSV export, which still opens with its byte-order mark', async () => {
    const exported = await get('/api/v1/sales/export', 'gzip');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="ventas-/);
    // A stream's size is not known ahead, so it is compressed whatever its length.
    expect(exported.headers['content-encoding']).toBe('gzip');
    const csv = gunzipSync(exported.rawPayload);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.subarray(3).toString('utf8')).toMatch(/^Fecha,Cliente,Email,DSP,Plan,Monto,Moneda,Método de pago,Estado/);
  });

  it('does not decompress a request body: the body limits count the bytes that arrive', async () => {
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/v1/countries',
      headers: { ...bearer(token), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Comprimida', code: 'CZ' })),
    });
    // Read as it arrived: compressed bytes are not JSON.
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El cuerpo JSON no es válido.' });
    const names = (await ctx.db.select({ name: countries.name }).from(countries)).map((row) => row.name);
    expect(names).not.toContain('Comprimida');
  });
});
