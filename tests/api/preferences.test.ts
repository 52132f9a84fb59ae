import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
/** A fresh person, signed in: each test starts from someone who never chose anything. */
const newPerson = async () => {
  counter += 1;
  const email = `preferencias${counter}@panel.test`;
  await ctx.createUser({ email, roles: ['OPERATOR'] });
  return ctx.signIn(email);
};

const read = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/me/preferences', headers: bearer(token) });
const save = (token: string, payload: object) => ctx.inject({ method: 'PUT', url: '/api/auth/me/preferences', headers: bearer(token), payload });

describe('/api/auth/me/preferences', () => {
  it('answers the system theme and no column choice for someone who never chose', async () => {
    const response = await read(await newPerson());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ color_scheme: 'auto', columns: {} });
  });

  it('keeps what a PUT does not send, and answers the whole preferences', async () => {
    const token = await newPerson();
    const first = await save(token, { color_scheme: 'dark' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ color_scheme: 'dark', columns: {} });

    const second = await save(token, { columns: { bookings: ['status', 'code_ref'] } });
    expect(second.json().data).toEqual({ color_scheme: 'dark', columns: { bookings: ['status', 'code_ref'] } });

    // Another table's columns leave the bookings' choice as it was.
    await save(token, { columns: { users: ['contact', 'user'] } });
    expect((await read(token)).json().data).toEqual({
      color_scheme: 'dark',
      columns: { bookings: ['status', 'code_ref'], users: ['contact', 'user'] },
    });

    // An empty list goes back to the table's default columns.
    await save(token, { columns: { bookings: [] }, color_scheme: 'light' });
    expect((await read(token)).json().data).toEqual({ color_scheme: 'light', columns: { users: ['contact', 'user'] } });
  });

  it('refuses a theme it does not know with a Spanish 422 and keeps the one chosen', async () => {
    const token = await newPerson();
    await save(token, { color_scheme: 'dark' });
    const response = await save(token, { color_scheme: 'sepia' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', errors: { color_scheme: ['El tema debe ser light, dark o auto.'] } });
    expect((await read(token)).json().data.color_scheme).toBe('dark');
  });

  it('refuses a table without a column picker with a 422', async () => {
    const response = await save(await newPerson(), { columns: { sponsors: ['name'] } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBeTruthy();
  });

  it("drops the column ids a table does not have, and repeated ones, keeping the known ones' order", async () => {
    const token = await newPerson();
    const response = await save(token, { columns: { audit: ['record', 'password_hash', 'actor', 'record'], sales: ['nope'] } });
    expect(response.statusCode).toBe(200);
    // Sales had no known id: it shows its default columns.
    expect(response.json().data.columns).toEqual({ audit: ['record', 'actor'] });
  });

  it("is each person's own: one person's choice is not another's", async () => {
    const ana = await newPerson();
    const luis = await newPerson();
    await save(ana, { color_scheme: 'dark', columns: { sales: ['amount'] } });
    expect((await read(luis)).json().data).toEqual({ color_scheme: 'auto', columns: {} });
    await save(luis, { color_scheme: 'light' });
    expect((await read(ana)).json().data).toEqual({ color_scheme: 'dark', columns: { sales: ['amount'] } });
  });

  it('asks for a session', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me/preferences' })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'PUT', url: '/api/auth/me/preferences', payload: { color_scheme: 'dark' } })).statusCode).toBe(401);
  });
});

describe("the panel's page and its theme script", () => {
  it("allows index.html's inline theme script by its hash, and no other inline script", async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'panel-dist-'));
    const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    writeFileSync(path.join(distDir, 'index.html'), html);
    const themeScript = html.match(/<script>([\s\S]*?)<\/script>/)?.[1];
    expect(themeScript).toContain('data-mantine-color-scheme');

    const panel = await createTestContext({ distDir });
    try {
      const page = await panel.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).toBe(200);
      const scriptSrc = String(page.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src'));
      const hash = `'sha256-${createHash('sha256').update(themeScript!).digest('base64')}'`;
      expect(scriptSrc?.trim().split(' ').sort()).toEqual(['script-src', "'self'", hash].sort());
    } finally {
      await panel.close();
    }
  });
});
