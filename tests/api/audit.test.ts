import type { AuditEntry } from '@contract/audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, countries, permissions, rolePermissions, roles, users } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { purgeOldAuditEntries } from '../../server/modules/audit/service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
/** Ana Pérez, a Super Admin: the person whose changes the tests read back. */
let ana: { id: number; headers: Record<string, string> };
const countryIds: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const id = await ctx.createUser({ email: 'ana@panel.test', name: 'Ana Pérez', roles: ['SUPER_ADMIN'] });
  ana = { id, headers: bearer(await ctx.signIn('ana@panel.test')) };
  for (const code of ['CO', 'MX']) {
    const [row] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    countryIds[code] = row!.id;
  }
});
afterAll(async () => {
  await ctx?.close();
});

const entriesOf = async (query: string, headers = ana.headers) => {
  const response = await ctx.inject({ method: 'GET', url: `/api/v1/audit?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data as AuditEntry[];
};
const auditCount = async () => (await ctx.db.select({ total: sql<number>`count(*)::int` }).from(auditLog))[0]!.total;

const createSponsor = async (name: string) => {
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: ana.headers, payload: { name, country_id: countryIds.CO } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
};

describe('what a write records', () => {
  it('records a sponsor update once, with before → after of exactly the changed fields and who made it', async () => {
    const sponsor = await createSponsor('Acme');
    const response = await ctx.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${sponsor.id}`,
      headers: ana.headers,
      payload: { name: 'Acme Global', country_id: countryIds.MX },
    });
    expect(response.statusCode, response.body).toBe(200);

    const entries = await entriesOf(`filter[resource]=sponsor&filter[resource_id]=${sponsor.id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0]).toMatchObject({
      actor: { id: ana.id, name: 'Ana Pérez' },
      resource: 'sponsor',
      resource_id: sponsor.id,
      resource_label: 'Acme Global',
      changes: [
        { field: 'name', before: 'Acme', after: 'Acme Global', secret: false },
        { field: 'country_id', before: countryIds.CO, after: countryIds.MX, secret: false },
      ],
    });
    expect(entries[0]!.changes).toHaveLength(2);
  });

  it('records a create with every field and a delete with none, under the record name it had', async () => {
    const sponsor = await createSponsor('Borrable');
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${sponsor.id}`, headers: ana.headers })).statusCode).toBe(200);

    const [deleted, created] = await entriesOf(`filter[resource]=sponsor&filter[resource_id]=${sponsor.id}`);
    expect(deleted).toMatchObject({ action: 'delete', resource_label: 'Borrable', changes: [] });
    expect(created).toMatchObject({ action: 'create', resource_label: 'Borrable' });
    expect(Object.fromEntries(created!.changes.map((change) => [change.field, [change.before, change.after]]))).toEqual({
      name: [null, 'Borrable'],
      website: [null, null],
      country_id: [null, countryIds.CO],
      logo: [null, null],
    });
  });

  it('records a refused write (422, 409) not at all: the entry is part of the write', async () => {
    const sponsor = await createSponsor('Con campañas');
    await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: ana.headers, payload: { name: 'Verano', sponsor_id: sponsor.id } });
    const before = await auditCount();

    const invalid = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${sponsor.id}`, headers: ana.headers, payload: { country_id: 999_999 } });
    expect(invalid.statusCode).toBe(422);
    const blocked = await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${sponsor.id}`, headers: ana.headers });
    expect(blocked.statusCode).toBe(409);

    expect(await auditCount()).toBe(before);
  });

  it("records a password an administrator sets as 'changed' only: neither it nor its hash is ever stored", async () => {
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: ana.headers,
      payload: { dni: 'DNI-A1', name: 'Beto Ruiz', email: 'beto@panel.test', phone: '+57 300', password: 'Primera-Clave-77', roles: ['OPERATOR'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().data.id as number;
    const updated = await ctx.inject({
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      headers: ana.headers,
      payload: { dni: 'DNI-A1', name: 'Beto Ruiz', email: 'beto@panel.test', phone: '+57 300', password: 'Segunda-Clave-88', roles: ['OPERATOR'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const [update, create] = await entriesOf(`filter[resource]=user&filter[resource_id]=${userId}`);
    expect(update).toMatchObject({ action: 'update', resource_label: 'Beto Ruiz', changes: [{ field: 'password', before: null, after: null, secret: true }] });
    expect(create!.changes).toContainEqual({ field: 'password', before: null, after: null, secret: true });
    expect(create!.changes).toContainEqual({ field: 'roles', before: null, after: ['Operador'], secret: false });

    const [{ hash }] = (await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId))) as [{ hash: string }];
    const stored = JSON.stringify(await ctx.db.select().from(auditLog));
    for (const secret of ['Primera-Clave-77', 'Segunda-Clave-88', hash]) expect(stored).not.toContain(secret);
  });

  it('records sign-in, sign-out and closing another session, each as the person who did it', async () => {
    const id = await ctx.createUser({ email: 'carla@panel.test', name: 'Carla Díaz', roles: ['ADMIN'] });
    const first = bearer(await ctx.signIn('carla@panel.test'));
    const second = bearer(await ctx.signIn('carla@panel.test'));
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/sessions/close-others', headers: second })).json().data.closed).toBe(1);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', headers: second })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: first })).statusCode).toBe(401);

    const entries = await entriesOf(`filter[actor_id]=${id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['sign-out', 'sign-out', 'sign-in', 'sign-in']);
    expect(entries.every((entry) => entry.actor?.name === 'Carla Díaz' && entry.resource === 'session' && entry.changes.length === 0)).toBe(true);
  });

  it("records the person's own password change as a secret, by them", async () => {
    const id = await ctx.createUser({ email: 'dario@panel.test', name: 'Darío Gil' });
    const headers = bearer(await ctx.signIn('dario@panel.test'));
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers,
      payload: { current_password: ADMIN_PASSWORD, password: 'Otra-Clave-Nueva-9', password_confirmation: 'Otra-Clave-Nueva-9' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await entriesOf(`filter[actor_id]=${id}&filter[action]=password`);
    expect(entry).toMatchObject({ resource: 'user', resource_id: id, resource_label: 'Darío Gil', changes: [{ field: 'password', secret: true }] });
  });

  it('records a password reset through recovery as a secret, by the account itself', async () => {
    const id = await ctx.createUser({ email: 'fabio@panel.test', name: 'Fabio Ríos' });
    const post = (step: string, payload: Record<string, string>) => ctx.inject({ method: 'POST', url: `/api/auth/recovery/${step}`, payload });
    await post('send-code', { email: 'fabio@panel.test' });
    await ctx.app.backgroundWork.idle();
    const verified = await post('verify-code', { email: 'fabio@panel.test', code: ctx.lastCode('fabio@panel.test') });
    const reset = await post('reset-password', {
      email: 'fabio@panel.test',
      reset_token: verified.json().data.reset_token,
      password: 'Recuperada-Clave-5',
      password_confirmation: 'Recuperada-Clave-5',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = await entriesOf(`filter[resource]=user&filter[resource_id]=${id}`);
    expect(entry).toMatchObject({ action: 'password', actor: { id, name: 'Fabio Ríos' }, changes: [{ field: 'password', before: null, after: null, secret: true }] });
  });

  it("records a role's permissions before and after", async () => {
    const [leader] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'BUSINESS_LEADER'));
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/v1/roles/${leader!.id}/sync-permission`,
      headers: ana.headers,
      payload: { permissions: ['sponsors.manage'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await entriesOf('filter[resource]=role&filter[action]=permissions');
    expect(entry!.changes).toEqual([
      { field: 'permissions', before: ['sponsors.manage', 'categories.manage', 'operations.view', 'bookings.change-status'], after: ['sponsors.manage'], secret: false },
    ]);
  });
});

describe('every resource on the write path', () => {
  it("records a campaign's status change and a country's rename, each with its values as the API shows them", async () => {
    const sponsor = await createSponsor('Estados');
    const created = await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: ana.headers, payload: { name: 'Invierno', sponsor_id: sponsor.id } });
    const campaignId = created.json().data.id as number;
    await ctx.inject({ method: 'PUT', url: `/api/v1/campaigns/${campaignId}`, headers: ana.headers, payload: { status: 'ACTIVE', budget: 1500 } });
    const [update] = await entriesOf(`filter[resource]=campaign&filter[resource_id]=${campaignId}`);
    expect(update).toMatchObject({
      action: 'update',
      resource_label: 'Invierno',
      changes: [
        { field: 'status', before: 'DRAFT', after: 'ACTIVE', secret: false },
        { field: 'budget', before: null, after: 1500, secret: false },
      ],
    });

    const country = await ctx.inject({ method: 'POST', url: '/api/v1/countries', headers: ana.headers, payload: { name: 'Atlantis', code: 'XQ' } });
    const countryId = country.json().data.id as number;
    await ctx.inject({ method: 'PUT', url: `/api/v1/countries/${countryId}`, headers: ana.headers, payload: { name: 'Atlántida', code: 'XQ' } });
    await ctx.inject({ method: 'DELETE', url: `/api/v1/countries/${countryId}`, headers: ana.headers });
    const entries = await entriesOf(`filter[resource]=country&filter[resource_id]=${countryId}`);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['delete', []],
      ['update', [{ field: 'name', before: 'Atlantis', after: 'Atlántida', secret: false }]],
      ['create', [
        { field: 'name', before: null, after: 'Atlantis', secret: false },
        { field: 'code', before: null, after: 'XQ', secret: false },
        // XQ is no ISO country: it has no currency of its own.
        { field: 'currency', before: null, after: null, secret: false },
      ]],
    ]);
  });

  it("names the records a change points to by id, and gives the ids of the record's page until it is gone", async () => {
    const sponsor = await createSponsor('Nombres');
    const created = await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: ana.headers, payload: { name: 'Con país', sponsor_id: sponsor.id } });
    const campaignId = created.json().data.id as number;
    await ctx.inject({ method: 'PUT', url: `/api/v1/campaigns/${campaignId}`, headers: ana.headers, payload: { country_id: countryIds.MX } });
    const [update] = await entriesOf(`filter[resource]=campaign&filter[resource_id]=${campaignId}&filter[action]=update`);
    expect(update!.changes).toEqual([{ field: 'country_id', before: countryIds.CO, after: countryIds.MX, secret: false }]);
    expect(update!.names).toEqual(
      expect.arrayContaining([
        { field: 'country_id', id: countryIds.CO, name: 'Colombia' },
        { field: 'country_id', id: countryIds.MX, name: 'México' },
      ]),
    );
    expect(update!.record_path).toEqual([sponsor.id]);

    const [sponsorCreate] = await entriesOf(`filter[resource]=sponsor&filter[resource_id]=${sponsor.id}`);
    expect(sponsorCreate!.names).toEqual([{ field: 'country_id', id: countryIds.CO, name: 'Colombia' }]);
    expect(sponsorCreate!.record_path).toEqual([]);

    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/campaigns/${campaignId}`, headers: ana.headers })).statusCode).toBe(200);
    const afterDelete = await entriesOf(`filter[resource]=campaign&filter[resource_id]=${campaignId}`);
    expect(afterDelete.map((entry) => entry.record_path)).toEqual([null, null, null]);
  });

  it("keeps a deleted person's changes under their name", async () => {
    const id = await ctx.createUser({ email: 'eva@panel.test', name: 'Eva Luna', roles: ['ADMIN'] });
    const headers = bearer(await ctx.signIn('eva@panel.test'));
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers, payload: { name: 'De Eva', country_id: countryIds.CO } });
    const sponsorId = response.json().data.id as number;
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: ana.headers })).statusCode).toBe(200);

    const [created] = await entriesOf(`filter[resource]=sponsor&filter[resource_id]=${sponsorId}`);
    expect(created!.actor).toEqual({ id: null, name: 'Eva Luna' });
    const [deleted] = await entriesOf(`filter[resource]=user&filter[resource_id]=${id}`);
    expect(deleted).toMatchObject({ action: 'delete', actor: { id: ana.id, name: 'Ana Pérez' }, resource_label: 'Eva Luna' });
  });
});

describe('a record history', () => {
  it("answers one record's entries, newest first, to whoever may edit it", async () => {
    const sponsor = await createSponsor('Historia');
    const other = await createSponsor('Otro');
    for (const name of ['Historia 2', 'Historia 3']) {
      await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${sponsor.id}`, headers: ana.headers, payload: { name } });
    }
    const response = await ctx.inject({ method: 'GET', url: `/api/v1/sponsors/${sponsor.id}/history`, headers: ana.headers });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().data.data as AuditEntry[];
    expect(entries.map((entry) => [entry.action, entry.resource_label])).toEqual([
      ['update', 'Historia 3'],
      ['update', 'Historia 2'],
      ['create', 'Historia'],
    ]);
    expect(entries.some((entry) => entry.resource_id === other.id)).toBe(false);
  });

  it('is 404 for a record that does not exist and 403 without the resource permission', async () => {
    const missing = await ctx.inject({ method: 'GET', url: '/api/v1/campaigns/999999/history', headers: ana.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La campaña no existe.');

    await ctx.createUser({ email: 'solo-sponsors@panel.test', roles: ['ADMIN'] });
    const admin = bearer(await ctx.signIn('solo-sponsors@panel.test'));
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/users/${ana.id}/history`, headers: admin })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/audit', () => {
  it('filters by person, resource, action and date range, and refuses a malformed date in Spanish', async () => {
    const sponsor = await createSponsor('Fechado');
    // Move this sponsor's creation to a known past day.
    await ctx.db
      .update(auditLog)
      .set({ createdAt: new Date('2025-03-10T12:00:00Z') })
      .where(sql`${auditLog.resource} = 'sponsor' and ${auditLog.resourceId} = ${sponsor.id}`);

    const inRange = await entriesOf(`filter[actor_id]=${ana.id}&filter[resource]=sponsor&filter[action]=create&filter[from]=2025-03-10&filter[to]=2025-03-10`);
    expect(inRange.map((entry) => entry.resource_label)).toEqual(['Fechado']);
    expect(await entriesOf('filter[from]=2025-03-11&filter[to]=2025-03-31')).toEqual([]);
    expect((await entriesOf('filter[resource]=sponsor&filter[action]=create')).length).toBeGreaterThan(1);
    expect(await entriesOf('filter[actor_id]=999999')).toEqual([]);

    for (const date of ['10-03-2025', '2025-02-30']) {
      const refused = await ctx.inject({ method: 'GET', url: `/api/v1/audit?filter[from]=${date}`, headers: ana.headers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('El filtro from debe ser una fecha con el formato AAAA-MM-DD (por ejemplo 2026-01-31).');
    }
  });

  it('is refused (403) to someone without audit.view', async () => {
    await ctx.createUser({ email: 'lider@panel.test', roles: ['BUSINESS_LEADER'] });
    const leader = bearer(await ctx.signIn('lider@panel.test'));
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/audit', headers: leader })).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/audit/export', headers: leader })).statusCode).toBe(403);
  });

  it('exports the filtered entries as a CSV that spreadsheets open with accents right', async () => {
    const sponsor = await createSponsor('Señal Ñandú');
    await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${sponsor.id}`, headers: ana.headers, payload: { name: '=Señal' } });
    const response = await ctx.inject({
      method: 'GET',
      url: `/api/v1/audit/export?filter[resource]=sponsor&filter[resource_id]=${sponsor.id}`,
      headers: ana.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="auditoria-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('Fecha,Persona,Acción,Recurso,ID,Registro,Cambios,Lote');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Ana Pérez,cambió,Sponsor,${sponsor.id},'=Señal,el nombre: Señal Ñandú → =Señal`);
    expect(lines[2]).toContain(`Ana Pérez,creó,Sponsor,${sponsor.id},Señal Ñandú,`);

    const refused = await ctx.inject({ method: 'GET', url: '/api/v1/audit/export?filter[to]=ayer', headers: ana.headers });
    expect(refused.statusCode).toBe(400);
  });

  it('names countries in the export, as the panel does, and keeps the id of one that is gone', async () => {
    const sponsor = await createSponsor('Mudanza Andina');
    const gone = await ctx.inject({ method: 'POST', url: '/api/v1/countries', headers: ana.headers, payload: { name: 'Atlántida' } });
    const goneId = gone.json().data.id as number;
    for (const countryId of [countryIds.MX, goneId, countryIds.CO]) {
      const moved = await ctx.inject({ method: 'PUT', url: `/api/v1/sponsors/${sponsor.id}`, headers: ana.headers, payload: { country_id: countryId } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/countries/${goneId}`, headers: ana.headers })).statusCode).toBe(200);
    const response = await ctx.inject({
      method: 'GET',
      url: `/api/v1/audit/export?filter[resource]=sponsor&filter[resource_id]=${sponsor.id}`,
      headers: ana.headers,
    });
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[1]).toContain(`el país: ${goneId} → Colombia`);
    expect(lines[2]).toContain(`el país: México → ${goneId}`);
    expect(lines[3]).toContain('el país: Colombia → México');
    expect(lines[4]).toContain('el país: — → Colombia');
  });
});

describe('keeping the history', () => {
  it('removes only the entries older than the retention period', async () => {
    const old = await createSponsor('Antiguo');
    const recent = await createSponsor('Reciente');
    await ctx.db
      .update(auditLog)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(sql`${auditLog.resource} = 'sponsor' and ${auditLog.resourceId} = ${old.id}`);

    await purgeOldAuditEntries(ctx.db, ctx.config.auditRetentionSeconds);

    expect(await entriesOf(`filter[resource]=sponsor&filter[resource_id]=${old.id}`)).toEqual([]);
    expect(await entriesOf(`filter[resource]=sponsor&filter[resource_id]=${recent.id}`)).toHaveLength(1);
  });

  it('gives audit.view to the Super Admin of an existing database once, and keeps a later removal', async () => {
    const holders = async () =>
      (
        await ctx.db
          .select({ slug: roles.slug })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(permissions.name, 'audit.view'))
      ).map((row) => row.slug);
    // A database from before the change history: the permission does not exist yet.
    await ctx.db.delete(permissions).where(eq(permissions.name, 'audit.view'));
    await seed(ctx.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: false });
    expect(await holders()).toEqual(['SUPER_ADMIN']);

    // Staff take it away: the next start leaves it away.
    await ctx.db.delete(rolePermissions).where(sql`${rolePermissions.permissionId} = (select id from permissions where name = 'audit.view')`);
    await seed(ctx.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: false });
    expect(await holders()).toEqual([]);
  });
});
