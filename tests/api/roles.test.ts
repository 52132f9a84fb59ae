import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '@contract/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { describePermissionMatrix, signInAsEveryRole, type RoleTokens } from './support/roles';

let ctx: TestContext;
let tokens: RoleTokens;
let admin: Record<string, string>;
/** Role ids by slug. */
const roleId: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  tokens = await signInAsEveryRole(ctx, 'roles');
  admin = bearer(tokens.SUPER_ADMIN);
  const roles = (await ctx.inject({ method: 'GET', url: '/api/v1/roles', headers: admin })).json().data.data;
  for (const role of roles) roleId[role.slug] = role.id;
});
afterAll(async () => {
  await ctx?.close();
});

const list = (query = '') => ctx.inject({ method: 'GET', url: `/api/v1/roles${query}`, headers: admin });
const sync = (id: number, payload: unknown, headers = admin) =>
  ctx.inject({ method: 'POST', url: `/api/v1/roles/${id}/sync-permission`, headers, payload: payload as Record<string, unknown> });
const permissionsOf = async (slug: string) =>
  (await ctx.inject({ method: 'GET', url: `/api/v1/roles/${roleId[slug]}`, headers: admin })).json().data.permissions as string[];

describe('GET /api/v1/roles', () => {
  it('lists the four roles in creation order, each with its permissions', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
    expect(page.data.map((role: { slug: string; name: string }) => [role.slug, role.name])).toEqual([
      ['SUPER_ADMIN', 'Super Admin'],
      ['ADMIN', 'Admin'],
      ['BUSINESS_LEADER', 'Business Leader'],
      ['OPERATOR', 'Operador'],
    ]);
    expect(page.data[3]).toEqual({ id: roleId.OPERATOR, name: 'Operador', slug: 'OPERATOR', version: 1, permissions: DEFAULT_ROLE_PERMISSIONS.OPERATOR });
  });

  it('searches ignoring accents: auditoria finds Auditoría', async () => {
    const [added] = await ctx.db.insert(roles).values({ slug: 'AUDITOR', name: 'Auditoría' }).returning();
    try {
      for (const query of ['?q=auditoria', `?filter[q]=${encodeURIComponent('AUDITORÍA')}`]) {
        expect((await list(query)).json().data.data.map((role: { name: string }) => role.name), query).toEqual(['Auditoría']);
      }
    } finally {
      await ctx.db.delete(roles).where(eq(roles.id, added!.id));
    }
  });

  it('searches name and slug, sorts, pages and picks fields, as the user form asks (limit 200)', async () => {
    expect((await list('?filter[q]=business')).json().data.data.map((role: { slug: string }) => role.slug)).toEqual(['BUSINESS_LEADER']);
    expect((await list('?q=oper')).json().data.data.map((role: { slug: string }) => role.slug)).toEqual(['OPERATOR']);
    expect((await list('?sort=name')).json().data.data.map((role: { name: string }) => role.name)).toEqual([
      'Admin',
      'Business Leader',
      'Operador',
      'Super Admin',
    ]);
    expect((await list('?sort=-slug')).json().data.data[0].slug).toBe('SUPER_ADMIN');
    const paged = (await list('?limit=200&fields=id,name&page=1')).json().data;
    expect(paged.per_page).toBe(200);
    expect(Object.keys(paged.data[0]).sort()).toEqual(['id', 'name']);
    const two = (await list('?limit=2&page=2')).json().data;
    expect(two.data.map((role: { slug: string }) => role.slug)).toEqual(['BUSINESS_LEADER', 'OPERATOR']);
  });

  it('refuses unknown filters, sorts and fields (400)', async () => {
    expect((await list('?filter[slug]=ADMIN')).statusCode).toBe(400);
    const sort = await list('?sort=created_at');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Orden no permitido: created_at. Órdenes permitidos: id, name, slug.');
    expect((await list('?fields=secret')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/roles/:id', () => {
  it('answers a role with its permissions, 404 when unknown', async () => {
    const response = await ctx.inject({ method: 'GET', url: `/api/v1/roles/${roleId.SUPER_ADMIN}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: roleId.SUPER_ADMIN,
      name: 'Super Admin',
      slug: 'SUPER_ADMIN',
      version: 1,
      permissions: Object.keys(PERMISSIONS),
    });
    const missing = await ctx.inject({ method: 'GET', url: '/api/v1/roles/9999', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El rol no existe.');
  });
});

describe('POST /api/v1/roles/:id/sync-permission', () => {
  it('replaces the whole set of a role’s permissions', async () => {
    const response = await sync(roleId.ADMIN!, { permissions: ['categories.manage', 'countries.manage', 'countries.manage'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'Permisos actualizados.',
      data: { id: roleId.ADMIN, name: 'Admin', slug: 'ADMIN', version: expect.any(Number), permissions: ['countries.manage', 'categories.manage'] },
    });
    expect(await permissionsOf('ADMIN')).toEqual(['countries.manage', 'categories.manage']);
    expect((await sync(roleId.ADMIN!, { permissions: [] })).json().data.permissions).toEqual([]);
    expect((await sync(roleId.ADMIN!, { permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN })).statusCode).toBe(200);
  });

  it('accepts a form with permissions[] as well as JSON', async () => {
    const form = await multipart({ 'permissions[0]': 'sponsors.manage', 'permissions[1]': 'operations.view' });
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/v1/roles/${roleId.BUSINESS_LEADER}/sync-permission`,
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.permissions).toEqual(['sponsors.manage', 'operations.view']);
    expect((await sync(roleId.BUSINESS_LEADER!, { permissions: DEFAULT_ROLE_PERMISSIONS.BUSINESS_LEADER })).statusCode).toBe(200);
  });

  it('takes effect on the next request of the role’s users, without signing in again', async () => {
    const operator = bearer(tokens.OPERATOR);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/users', headers: operator })).statusCode).toBe(403);
    await sync(roleId.OPERATOR!, { permissions: [...DEFAULT_ROLE_PERMISSIONS.OPERATOR, 'users.manage'] });
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/users', headers: operator })).statusCode).toBe(200);
    const profile = (await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: operator })).json().data;
    expect(profile.permissions).toContain('users.manage');
    await sync(roleId.OPERATOR!, { permissions: DEFAULT_ROLE_PERMISSIONS.OPERATOR });
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/users', headers: operator })).statusCode).toBe(403);
  });

  it('names unknown permissions (422) and changes nothing', async () => {
    const response = await sync(roleId.OPERATOR!, { permissions: ['sponsors.manage', 'todo.poderoso', 'users.destroy'] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      message: 'Los datos enviados no son válidos.',
      errors: { permissions: ['Permisos desconocidos: todo.poderoso, users.destroy.'] },
    });
    expect(await permissionsOf('OPERATOR')).toEqual(DEFAULT_ROLE_PERMISSIONS.OPERATOR);
  });

  it('requires the list (422) and refuses what is not a list of names', async () => {
    const missing = await sync(roleId.OPERATOR!, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ permissions: ['Envía la lista de permisos (permissions).'] });
    const numbers = await sync(roleId.OPERATOR!, { permissions: [1, 2] });
    expect(numbers.statusCode).toBe(422);
  });

  it('never changes the Super Admin role’s permissions (409), so nobody locks everyone out', async () => {
    const response = await sync(roleId.SUPER_ADMIN!, { permissions: ['sponsors.manage'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'Los permisos de Super Admin no se pueden modificar.' });
    expect(await permissionsOf('SUPER_ADMIN')).toEqual(Object.keys(PERMISSIONS));
  });

  it('answers 404 for an unknown role', async () => {
    const response = await sync(9999, { permissions: [] });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/v1/permissions', () => {
  it('lists the catalogue with area and label, in catalogue order', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/v1/permissions', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(Object.entries(PERMISSIONS).map(([name, { area, label }]) => ({ name, area, label })));
  });
});

describePermissionMatrix(
  () => ctx,
  () => tokens,
  [
    { name: 'GET /api/v1/roles', allowed: ['SUPER_ADMIN'], request: () => ({ method: 'GET', url: '/api/v1/roles?limit=200' }) },
    { name: 'GET /api/v1/roles/:id', allowed: ['SUPER_ADMIN'], request: () => ({ method: 'GET', url: `/api/v1/roles/${roleId.OPERATOR}` }) },
    {
      name: 'POST /api/v1/roles/:id/sync-permission',
      allowed: ['SUPER_ADMIN'],
      request: () => ({
        method: 'POST',
        url: `/api/v1/roles/${roleId.ADMIN}/sync-permission`,
        payload: { permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN },
      }),
    },
    { name: 'GET /api/v1/permissions', allowed: ['SUPER_ADMIN'], request: () => ({ method: 'GET', url: '/api/v1/permissions' }) },
  ],
);
