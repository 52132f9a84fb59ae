import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { rateLimitHits } from '../../server/db/schema';
import { ADMIN_EMAIL, bearer, createTestContext, type TestContext } from './support/context';

const PROXY = '127.0.0.1';
const limits = { perEmail: { max: 1000, windowSeconds: 900 }, perAddress: { max: 3, windowSeconds: 900 } };

/** A failed sign-in sent through the proxy on behalf of `client`, with a forged left-most entry. */
const loginVia = (ctx: TestContext, forwardedFor: string, email = 'nadie@panel.test') =>
  ctx.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'mal' },
  });

const addressKeys = async (ctx: TestContext) =>
  (await ctx.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key).filter((key) => key.startsWith('login:address:'));

describe('TRUST_PROXY', () => {
  it('takes a hop count, a list of proxy addresses or false, and refuses true with the choices in Spanish', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24,::1' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true no es válido.*número de proxies.*separadas por comas/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.local,10.0.0.0/99' })).toThrow(/"proxy.local", "10.0.0.0\/99"/);
  });

  it('with one trusted hop counts the address the proxy saw, so a forged left-most entry does not escape the limit', async () => {
    const ctx = await createTestContext({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, rateLimit: limits });
    try {
      const statuses = [];
      for (const forged of ['6.6.6.6', '6.6.6.7', '6.6.6.8', '6.6.6.9']) statuses.push((await loginVia(ctx, `${forged}, 10.0.0.5`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(await addressKeys(ctx)).toEqual(['login:address:10.0.0.5']);
      // Another client behind the same proxy keeps its own allowance.
      expect((await loginVia(ctx, '6.6.6.6, 10.0.0.6')).statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });

  it('with a list believes only the listed proxies: a direct client cannot name its own address', async () => {
    const ctx = await createTestContext({ trustProxy: loadConfig({ TRUST_PROXY: PROXY }).trustProxy, rateLimit: limits });
    try {
      expect((await loginVia(ctx, '6.6.6.6, 10.0.0.5')).statusCode).toBe(401);
      const direct = (forged: string) =>
        ctx.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': forged }, payload: { email: 'nadie@panel.test', password: 'mal' } });
      for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) await direct(forged);
      expect((await direct('4.4.4.4')).statusCode).toBe(429);
      expect((await addressKeys(ctx)).sort()).toEqual(['login:address:10.0.0.5', 'login:address:192.0.2.50']);
    } finally {
      await ctx.close();
    }
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to the listening address, with localhost for every interface', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '10.1.2.3', PORT: '8080' }).publicUrl).toBe('http://10.1.2.3:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://panel.example.com/' }).publicUrl).toBe('https://panel.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'panel.example.com' })).toThrow(/PUBLIC_URL no es una dirección válida/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://panel.example.com/api?x=1' })).toThrow(/PUBLIC_URL debe ser solo esquema, servidor y puerto/);
  });

  it('builds page URLs from PUBLIC_URL, never from the Host header a client sends', async () => {
    const ctx = await createTestContext({ publicUrl: 'https://panel.example.com' });
    try {
      const token = await ctx.signIn(ADMIN_EMAIL);
      const response = await ctx.inject({
        method: 'GET',
        url: '/api/v1/users?limit=1&page=1',
        headers: { ...bearer(token), host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      });
      expect(response.statusCode).toBe(200);
      const page = response.json().data;
      expect(page.path).toBe('https://panel.example.com/api/v1/users');
      expect(page.first_page_url).toMatch(/^https:\/\/panel\.example\.com\/api\/v1\/users\?/);
      expect(response.body).not.toContain('evil.example');
    } finally {
      await ctx.close();
    }
  });
});

describe('Cache-Control', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('forbids storing any API answer that carries a token, a profile or personal data, refusals included', async () => {
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: 'Secreto123!' } });
    const verify = await ctx.inject({ method: 'POST', url: '/api/auth/verify-2fa', payload: { email: ADMIN_EMAIL, code: ctx.lastCode(ADMIN_EMAIL) } });
    const token = verify.json().data.token as string;
    const answers = {
      login,
      verify,
      me: await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }),
      users: await ctx.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) }),
      refused: await ctx.inject({ method: 'GET', url: '/api/auth/me' }),
      unknown: await ctx.inject({ method: 'GET', url: '/api/v1/nada' }),
    };
    expect(verify.statusCode).toBe(200);
    for (const [name, response] of Object.entries(answers)) expect({ name, cache: response.headers['cache-control'] }).toEqual({ name, cache: 'no-store' });
  });
});
