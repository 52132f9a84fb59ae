import { STALE_VERSION } from '@contract/messages';
import { desc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiClients,
  bookings,
  campaignCategories,
  campaigns,
  categories,
  connectors,
  countries,
  customers,
  dsps,
  entitlements,
  plans,
  roles,
  services,
  sponsors,
  users,
} from '../../server/db/schema';
import { seedDemoConnectors } from '../../server/db/seed/demo-connectors';
import { createCredentialBox } from '../../server/security/credentials';
import { bearer, multipart, TEST_APP_KEY } from './support/context';
import { onDemoData } from './support/demo-context';

const demo = onDemoData('versions');
beforeAll(() => seedDemoConnectors(demo.ctx.db, createCredentialBox(Buffer.from(TEST_APP_KEY, 'base64'))));
const auth = () => bearer(demo.token);
const inject = (...args: Parameters<typeof demo.ctx.inject>) => demo.ctx.inject(...args);

/** The newest row of a table: a demo record nothing else in this file points at. */
async function newestId(table: PgTable & { id: never }): Promise<number> {
  const [row] = (await demo.ctx.db.select().from(table).orderBy(desc((table as unknown as { id: never }).id)).limit(1)) as { id: number }[];
  return row!.id;
}

async function detail(path: string) {
  const response = await inject({ method: 'GET', url: path, headers: auth() });
  expect(response.statusCode, response.body).toBe(200);
  return { item: response.json().data as Record<string, unknown> & { id: number; version: number }, etag: response.headers.etag };
}

const putSponsor = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  inject({ method: 'PUT', url: `/api/v1/sponsors/${id}`, headers: { ...auth(), ...headers }, payload });

/** Every editable resource: its detail path, and its table (for a record to try). */
const RESOURCES: [path: string, table: PgTable][] = [
  ['/api/v1/sponsors', sponsors],
  ['/api/v1/campaigns', campaigns],
  ['/api/v1/plans', plans],
  ['/api/v1/services', services],
  ['/api/v1/categories', categories],
  ['/api/v1/campaign-categories', campaignCategories],
  ['/api/v1/countries', countries],
  ['/api/v1/users', users],
  ['/api/v1/roles', roles],
  ['/api/v1/dsps', dsps],
  ['/api/v1/connectors', connectors],
  ['/api/v1/clients', apiClients],
  ['/api/v1/customers', customers],
  ['/api/v1/entitlements', entitlements],
  ['/api/v1/bookings', bookings],
];

describe('every editable record carries its version', () => {
  it.each(RESOURCES)('%s: the detail answers version and ETag, a list item its version', async (path, table) => {
    const id = await newestId(table as never);
    const { item, etag } = await detail(`${path}/${id}`);
    expect(item.version).toEqual(expect.any(Number));
    expect(etag).toBe(`"${item.version}"`);
  });

  it.each(RESOURCES.filter(([path]) => !['/api/v1/roles', '/api/v1/entitlements'].includes(path)))(
    '%s: a delete with a version that is no longer the record’s answers 409 with the record as it is now, and deletes nothing',
    async (path, table) => {
      const id = await newestId(table as never);
      const { item } = await detail(`${path}/${id}`);
      const response = await inject({ method: 'DELETE', url: `${path}/${id}`, headers: { ...auth(), 'if-match': `"${item.version + 1}"` } });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ status: 'error', message: STALE_VERSION, errors: {}, data: { current: { id, version: item.version } } });
      expect((await detail(`${path}/${id}`)).item.version).toBe(item.version);
    },
  );
});

/** The smallest body each update accepts: the record's own required fields. */
const minimalBody = (path: string, item: Record<string, unknown>): Record<string, unknown> =>
  path === '/api/v1/countries'
    ? { name: item.name }
    : path === '/api/v1/users'
      ? { ...item, dni: item.dni ?? '70111222', phone: item.phone ?? '3001112233', roles: (item.roles as { slug: string }[]).map((role) => role.slug) }
      : {};

describe('every update', () => {
  it.each(RESOURCES.filter(([path]) => !['/api/v1/roles', '/api/v1/entitlements'].includes(path)))(
    '%s: with a version that is no longer the record’s answers 409 with the record as it is now, and changes nothing',
    async (path, table) => {
      const id = await newestId(table as never);
      const { item } = await detail(`${path}/${id}`);
      const response = await inject({ method: 'PUT', url: `${path}/${id}`, headers: { ...auth(), 'if-match': `"${item.version + 1}"` }, payload: minimalBody(path, item) });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ message: STALE_VERSION, errors: {}, data: { current: { id, version: item.version } } });
      expect((await detail(`${path}/${id}`)).item).toEqual(item);
    },
  );
});

describe('an update with a version', () => {
  it('is accepted with the current version and moves it on; the answer carries the new ETag', async () => {
    const id = await newestId(sponsors as never);
    const { item } = await detail(`/api/v1/sponsors/${id}`);
    const response = await putSponsor(id, { name: `${item.name} (v)` }, { 'if-match': `"${item.version}"` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.version).toBe(item.version + 1);
    expect(response.headers.etag).toBe(`"${item.version + 1}"`);
  });

  it('is refused with a stale version, from If-Match or from a form’s `version`, and changes nothing', async () => {
    const id = await newestId(sponsors as never);
    const { item } = await detail(`/api/v1/sponsors/${id}`);
    await putSponsor(id, { name: `${item.name} 2` });
    const now = await detail(`/api/v1/sponsors/${id}`);

    const byHeader = await putSponsor(id, { name: 'Nombre perdido' }, { 'if-match': `W/"${item.version}"` });
    expect(byHeader.statusCode).toBe(409);
    expect(byHeader.json()).toMatchObject({ status: 'error', message: STALE_VERSION, errors: {}, data: { current: now.item } });

    const form = await multipart({ _method: 'PUT', name: 'Nombre perdido', version: String(item.version) });
    const byForm = await inject({ method: 'POST', url: `/api/v1/sponsors/${id}`, headers: { ...auth(), ...form.headers }, payload: form.payload });
    expect(byForm.statusCode, byForm.body).toBe(409);
    expect((await detail(`/api/v1/sponsors/${id}`)).item).toEqual(now.item);
  });

  it('without a version is accepted as before; `*` accepts any', async () => {
    const id = await newestId(sponsors as never);
    const { item } = await detail(`/api/v1/sponsors/${id}`);
    expect((await putSponsor(id, { name: `${item.name}!` })).statusCode).toBe(200);
    expect((await putSponsor(id, { name: `${item.name}!!` }, { 'if-match': '*' })).statusCode).toBe(200);
  });

  it('answers 400 for an If-Match that is not a version, and 422 for a `version` that is not a number', async () => {
    const id = await newestId(sponsors as never);
    const bad = await putSponsor(id, { name: 'X' }, { 'if-match': 'mañana' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/If-Match/);
    const badBody = await putSponsor(id, { name: 'X', version: 'dos' });
    expect(badBody.statusCode).toBe(422);
    expect(badBody.json().errors.version).toEqual(['La versión debe ser un número entero positivo.']);
  });

  it('that changes nothing leaves the version as it was', async () => {
    const id = await newestId(sponsors as never);
    const { item } = await detail(`/api/v1/sponsors/${id}`);
    const same = await putSponsor(id, { name: item.name, country_id: item.country_id }, { 'if-match': `"${item.version}"` });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.version).toBe(item.version);
  });

  it('of a user: saved as it was leaves the version, a change of roles alone moves it', async () => {
    const fields = { dni: '40111222', name: 'Versión Usuaria', email: 'version.usuaria@example.com', phone: '3001234567', roles: ['OPERATOR'] };
    const created = await inject({ method: 'POST', url: '/api/v1/users', headers: auth(), payload: { ...fields, password: 'Una-Clave-Larga-2026!' } });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data as { id: number; version: number };
    const save = (payload: Record<string, unknown>, at: number) =>
      inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: { ...auth(), 'if-match': `"${at}"` }, payload });

    const same = await save(fields, version);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.version).toBe(version);
    const promoted = await save({ ...fields, roles: ['OPERATOR', 'BUSINESS_LEADER'] }, version);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.version).toBe(version + 1);
    expect((await save(fields, version)).statusCode).toBe(409);
  });

  it('moves the version when only related rows change (a role’s permissions)', async () => {
    const [role] = await demo.ctx.db.select().from(roles).where(eq(roles.slug, 'OPERATOR'));
    const { item } = await detail(`/api/v1/roles/${role!.id}`);
    const permissions = item.permissions as string[];
    const changed = await inject({ method: 'POST', url: `/api/v1/roles/${role!.id}/sync-permission`, headers: { ...auth(), 'if-match': `"${item.version}"` }, payload: { permissions: permissions.slice(1) } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.version).toBe(item.version + 1);
    const stale = await inject({ method: 'POST', url: `/api/v1/roles/${role!.id}/sync-permission`, headers: auth(), payload: { permissions, version: item.version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.current.permissions).toEqual(permissions.slice(1));
  });
});

describe('a status change with a version', () => {
  it.each([
    ['/api/v1/bookings', bookings, 'status', { status: 'CANCELLED' }],
    ['/api/v1/entitlements', entitlements, 'status', { status: 'SUSPENDED' }],
  ] as const)('%s: a stale one answers 409 with the record as it is now', async (path, table, _route, payload) => {
    const id = await newestId(table as never);
    const { item } = await detail(`${path}/${id}`);
    const response = await inject({ method: 'PATCH', url: `${path}/${id}/status`, headers: { ...auth(), 'if-match': `"${item.version + 1}"` }, payload });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().data.current).toMatchObject({ id, status: item.status, version: item.version });
  });
});

describe('two writers with the same version at the same instant', () => {
  it('get one 200 and one 409, every time', async () => {
    const id = await newestId(sponsors as never);
    for (let round = 0; round < 15; round++) {
      const { item } = await detail(`/api/v1/sponsors/${id}`);
      const answers = await Promise.all(
        ['Primera', 'Segunda'].map((who) => putSponsor(id, { name: `${who} ${round}` }, { 'if-match': `"${item.version}"` })),
      );
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().data;
      const loser = answers.find((answer) => answer.statusCode === 409)!.json().data.current;
      expect(loser).toEqual(winner);
    }
  });

  it('an update and a delete: the second one is refused, never both applied', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload: { name: `Carrera ${round}`, country_id: await newestId(countries as never) } });
      expect(created.statusCode, created.body).toBe(201);
      const { id, version } = created.json().data as { id: number; version: number };
      const [update, remove] = await Promise.all([
        putSponsor(id, { name: `Carrera ${round} editada` }, { 'if-match': `"${version}"` }),
        inject({ method: 'DELETE', url: `/api/v1/sponsors/${id}`, headers: { ...auth(), 'if-match': `"${version}"` } }),
      ]);
      const codes = [update.statusCode, remove.statusCode].sort();
      // The delete second: 409 (changed). The update second: 404 (gone).
      expect([[200, 409], [200, 404]]).toContainEqual(codes);
    }
  });
});
