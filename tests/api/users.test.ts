import { eq } from 'drizzle-orm';
import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countries, sessions, users } from '../../server/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, multipart, type TestContext } from './support/context';
import { describePermissionMatrix, signInAsEveryRole, type RoleTokens } from './support/roles';

let ctx: TestContext;
let tokens: RoleTokens;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  tokens = await signInAsEveryRole(ctx, 'users');
  admin = bearer(tokens.SUPER_ADMIN);
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = row!.id;
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
/** A valid body for a new user, unique per call. */
const newUserBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    dni: `DNI-${counter}`,
    name: `Persona ${counter}`,
    email: `persona${counter}@panel.test`,
    phone: `+57 300 000 ${String(counter).padStart(4, '0')}`,
    password: 'Clave12345',
    roles: ['OPERATOR'],
    ...overrides,
  };
};

const createViaApi = async (overrides: Record<string, unknown> = {}, headers = admin) => {
  const body = newUserBody(overrides);
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json().data, password: body.password } as {
    id: number;
    email: string;
    name: string;
    dni: string;
    phone: string;
    password: string;
    roles: { slug: string }[];
  };
};

const list = (query = '', headers = admin) => ctx.inject({ method: 'GET', url: `/api/v1/users${query}`, headers });
const update = (id: number, payload: Record<string, unknown>, headers = admin) =>
  ctx.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers, payload });
const remove = (id: number, headers = admin) => ctx.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers });
const me = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

/** The editable fields of a user as read, ready to send back with changes. */
const asBody = (user: { dni: string; name: string; email: string; phone: string; roles: { slug: string }[] }) => ({
  dni: user.dni,
  name: user.name,
  email: user.email,
  phone: user.phone,
  roles: user.roles.map((role) => role.slug),
});

describe('GET /api/v1/users', () => {
  it('answers a Laravel paginator of users, newest first, 15 a page, without password hashes', async () => {
    await createViaApi();
    const newest = await createViaApi();
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 15, from: 1 });
    expect(page.data[0]).toEqual({
      id: newest.id,
      dni: newest.dni,
      name: newest.name,
      email: newest.email,
      phone: newest.phone,
      is_active: true,
      country_id: null,
      country: null,
      rol: ['Operador'],
      roles: [{ id: expect.any(Number), name: 'Operador', slug: 'OPERATOR', version: 1 }],
      second_factor: 'email',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: 1,
    });
    const created = page.data.map((user: { created_at: string }) => user.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(response.body).not.toMatch(/password|hash|\$scrypt|\$argon/i);
  });

  it('searches ignoring accents: jose perez finds José Pérez', async () => {
    const target = await createViaApi({ name: 'José Pérez Ñandú', email: 'jose.acentos@panel.test', dni: 'JP-ACENTO' });
    for (const query of ['?q=jose perez', `?filter[q]=${encodeURIComponent('JOSÉ PÉREZ')}`, '?q=nandu']) {
      expect((await list(query)).json().data.data.map((user: { id: number }) => user.id), query).toEqual([target.id]);
    }
  });

  it('searches name, e-mail and DNI with filter[q] or q, case-insensitively and literally', async () => {
    const target = await createViaApi({ name: 'Zoila Buscable', email: 'zoila.unica@panel.test', dni: 'ZB-100%' });
    for (const query of ['?filter[q]=zoila buscable', '?q=ZOILA.UNICA', '?filter[q]=zb-100%25']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json().data.data.map((user: { id: number }) => user.id), query).toEqual([target.id]);
    }
    // '%' and '_' are matched as themselves, not as wildcards.
    expect((await list('?filter[q]=%25')).json().data.data.map((user: { id: number }) => user.id)).toEqual([target.id]);
    expect((await list('?filter[q]=nadie-se-llama-asi')).json().data.total).toBe(0);
  });

  it('filters by role slug, by country and by active state', async () => {
    const [country] = await ctx.db.select({ id: countries.id, name: countries.name }).from(countries).limit(1);
    const leader = await createViaApi({ roles: ['BUSINESS_LEADER'], country_id: country!.id });
    const inactive = await createViaApi({ is_active: false, roles: ['BUSINESS_LEADER'] });

    const byRole = (await list('?filter[role]=BUSINESS_LEADER&limit=300')).json().data.data as { id: number; roles: { slug: string }[] }[];
    expect(byRole.map((user) => user.id)).toEqual(expect.arrayContaining([leader.id, inactive.id]));
    expect(byRole.every((user) => user.roles.some((role) => role.slug === 'BUSINESS_LEADER'))).toBe(true);

    const byCountry = (await list(`?filter[country_id]=${country!.id}`)).json().data.data;
    expect(byCountry).toEqual([expect.objectContaining({ id: leader.id, country_id: country!.id, country: country!.name })]);

    for (const value of ['0', 'false']) {
      const response = (await list(`?filter[is_active]=${value}&filter[role]=BUSINESS_LEADER`)).json().data.data;
      expect(response.map((user: { id: number }) => user.id)).toEqual([inactive.id]);
    }
    for (const value of ['1', 'true']) {
      const ids = (await list(`?filter[is_active]=${value}&limit=300`)).json().data.data.map((user: { id: number }) => user.id);
      expect(ids).toContain(leader.id);
      expect(ids).not.toContain(inactive.id);
    }
    expect((await list('?filter[role]=NO_EXISTE')).json().data.total).toBe(0);
  });

  it('sorts by name, e-mail and creation date, either way', async () => {
    await createViaApi({ name: 'aaa primero' });
    await createViaApi({ name: 'ZZZ último' });
    const names = (query: string) => list(`${query}&limit=300`).then((r) => r.json().data.data.map((user: { name: string }) => user.name.toLowerCase()));
    const ascending = await names('?sort=name');
    expect(ascending).toEqual([...ascending].sort());
    expect(ascending[0]).toBe('aaa primero');
    const descending = await names('?sort=-name');
    expect(descending[0]).toBe('zzz último');
    const emails = (await list('?sort=email&limit=300')).json().data.data.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort());
    const oldestFirst = (await list('?sort=created_at')).json().data.data;
    expect(oldestFirst[0].email).toBe(ADMIN_EMAIL);
  });

  it('pages with page and limit, and keeps the filters in the page links', async () => {
    const first = (await list('?filter[role]=OPERATOR&limit=2')).json().data;
    expect(first.data).toHaveLength(2);
    expect(first.last_page).toBe(Math.ceil(first.total / 2));
    expect(first.next_page_url).toMatch(/filter%5Brole%5D=OPERATOR/);
    expect(first.next_page_url).toMatch(/page=2/);
    const second = (await list('?filter[role]=OPERATOR&limit=2&page=2')).json().data;
    expect(second.current_page).toBe(2);
    expect(second.data.map((user: { id: number }) => user.id)).not.toContain(first.data[0].id);
  });

  it('returns only the requested fields', async () => {
    const response = await list('?fields=id,name,rol&limit=3');
    expect(response.statusCode).toBe(200);
    for (const user of response.json().data.data) expect(Object.keys(user).sort()).toEqual(['id', 'name', 'rol']);
  });

  it('refuses unknown filters, sorts, fields, includes and bad filter values with a 400 naming what is allowed', async () => {
    const cases: [string, RegExp][] = [
      ['?filter[password]=x', /Filtro no permitido: password\. Filtros permitidos: q, country_id, role, is_active\./],
      ['?sort=password', /Orden no permitido: password\. Órdenes permitidos: name, email, created_at\./],
      ['?fields=password_hash', /Campo no permitido: password_hash/],
      ['?include=country', /Relación \(include\) no permitida/],
      ['?filter[is_active]=quizas', /is_active admite 1, 0, true o false/],
      ['?filter[country_id]=abc', /country_id debe ser un identificador numérico/],
      ['?limit=301', /no puede superar 300/],
      ['?per_page=5', /Parámetro no permitido: per_page/],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
  });
});

describe('GET /api/v1/users/:id', () => {
  it('answers one user', async () => {
    const created = await createViaApi({ roles: ['ADMIN', 'OPERATOR'] });
    const response = await ctx.inject({ method: 'GET', url: `/api/v1/users/${created.id}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: created.id, email: created.email, rol: ['Admin', 'Operador'] });
    expect(response.body).not.toMatch(/password/);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    const missing = await ctx.inject({ method: 'GET', url: '/api/v1/users/999999', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El usuario no existe.');
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/users/abc', headers: admin })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/users', () => {
  it('creates an active user with trimmed values and a lower-case e-mail, who can then sign in', async () => {
    const body = newUserBody({ dni: '  X-77  ', name: '  Ana  Pérez ', email: '  Ana.Perez@Panel.TEST ', phone: ' 300 ', roles: ['ADMIN', 'OPERATOR'] });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'Usuario creado.',
      data: { dni: 'X-77', name: 'Ana  Pérez', email: 'ana.perez@panel.test', phone: '300', is_active: true, rol: ['Admin', 'Operador'] },
    });
    expect(response.body).not.toMatch(/password/);
    const token = await ctx.signIn('ana.perez@panel.test', body.password);
    expect((await me(token)).json().data.roles).toEqual(['ADMIN', 'OPERATOR']);
  });

  it('accepts multipart with PHP-style role lists, booleans as 0/1 and a country', async () => {
    const [country] = await ctx.db.select({ id: countries.id, name: countries.name }).from(countries).limit(1);
    const body = newUserBody();
    const form = await multipart({
      dni: body.dni,
      name: body.name,
      email: body.email,
      phone: body.phone,
      password: body.password,
      is_active: '0',
      'roles[0]': 'BUSINESS_LEADER',
      'roles[1]': 'OPERATOR',
      country_id: String(country!.id),
    });
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      is_active: false,
      rol: ['Business Leader', 'Operador'],
      country_id: country!.id,
      country: country!.name,
    });
  });

  it('names every missing field with the messages of the user form (422)', async () => {
    const response = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      message: 'Los datos enviados no son válidos.',
      errors: {
        dni: ['El DNI es requerido'],
        name: ['El nombre es requerido'],
        email: ['El email es requerido'],
        phone: ['El teléfono es requerido'],
        roles: ['Debes seleccionar al menos un rol'],
        password: ['La contraseña es requerida'],
      },
    });
  });

  it('treats blank values as missing and checks the e-mail, the password length and the roles', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { dni: '   ', name: ' ', email: 'no-es-correo', phone: '  ', password: 'corta', roles: [], is_active: 'quizás' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      dni: ['El DNI es requerido'],
      name: ['El nombre es requerido'],
      email: ['El email no es válido'],
      phone: ['El teléfono es requerido'],
      roles: ['Debes seleccionar al menos un rol'],
      password: ['La contraseña debe tener al menos 8 caracteres.'],
      is_active: ['Debe ser verdadero o falso (1/0/true/false).'],
    });
  });

  it('refuses unknown roles, the super admin role and unknown countries (422)', async () => {
    const unknown = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ roles: ['OPERATOR', 'JEFE', 'REY'] }) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ roles: ['Roles no válidos: JEFE, REY.'] });

    const superAdmin = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ roles: ['SUPER_ADMIN'] }) });
    expect(superAdmin.statusCode).toBe(422);
    expect(superAdmin.json().errors).toEqual({ roles: ['El rol Super Admin no se puede asignar desde la gestión de usuarios.'] });

    const country = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ country_id: 999999 }) });
    expect(country.statusCode).toBe(422);
    expect(country.json().errors).toEqual({ country_id: ['El país no existe.'] });

    const badCountry = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ country_id: 'Colombia' }) });
    expect(badCountry.statusCode).toBe(422);
    expect(badCountry.json().errors).toEqual({ country_id: ['El país no es válido.'] });
  });

  it('refuses a taken e-mail (whatever its case) or DNI with 409 and the error under the field', async () => {
    const existing = await createViaApi();
    const email = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ email: existing.email.toUpperCase() }) });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El email ya está registrado', errors: { email: ['El email ya está registrado'] } });

    const dni = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ dni: existing.dni }) });
    expect(dni.statusCode).toBe(409);
    expect(dni.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El DNI ya está registrado', errors: { dni: ['El DNI ya está registrado'] } });

    const both = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ dni: existing.dni, email: existing.email }) });
    expect(both.statusCode).toBe(409);
    expect(both.json().errors).toEqual({ email: ['El email ya está registrado'], dni: ['El DNI ya está registrado'] });
  });

  it('lets only one of several simultaneous creations with the same e-mail through; the others get the same 409', async () => {
    const email = 'carrera@panel.test';
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ email }) })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().errors).toEqual({ email: ['El email ya está registrado'] });
    }
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('answers the same 409 when the e-mail is taken by a write still in flight (the unique index decides)', async () => {
    const email = 'en-vuelo@panel.test';
    let commit!: () => void;
    let inserted!: () => void;
    const rowInserted = new Promise<void>((resolve) => (inserted = resolve));
    // Another writer inserts the same e-mail and holds its transaction open: on PostgreSQL the
    // API's check cannot see that row yet, so its INSERT waits on the index and then fails.
    const otherWriter = ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({ name: 'Otro', email, passwordHash: 'x' });
      inserted();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await rowInserted;
    const request = ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: newUserBody({ email }) });
    await new Promise((resolve) => setTimeout(resolve, 800));
    commit();
    await otherWriter;
    const response = await request;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El email ya está registrado', errors: { email: ['El email ya está registrado'] } });
  });
});

describe('PUT /api/v1/users/:id', () => {
  it('updates every field and keeps the password when none is sent', async () => {
    const created = await createViaApi();
    const response = await update(created.id, {
      dni: ' NUEVO-1 ',
      name: 'Nombre Nuevo',
      email: 'Nuevo.Correo@panel.test',
      phone: '111',
      roles: ['ADMIN'],
      is_active: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Usuario actualizado.',
      data: { id: created.id, dni: 'NUEVO-1', name: 'Nombre Nuevo', email: 'nuevo.correo@panel.test', phone: '111', rol: ['Admin'] },
    });
    // The old password still works.
    await ctx.signIn('nuevo.correo@panel.test', created.password);
  });

  it('changes the password when one is sent; an empty one counts as not sent', async () => {
    const created = await createViaApi();
    expect((await update(created.id, { ...asBody(created), password: '' })).statusCode).toBe(200);
    await ctx.signIn(created.email, created.password);
    const changed = await update(created.id, { ...asBody(created), password: 'OtraClave987' });
    expect(changed.statusCode).toBe(200);
    await ctx.signIn(created.email, 'OtraClave987');
    const short = await update(created.id, { ...asBody(created), password: 'corta' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['La contraseña debe tener al menos 8 caracteres.'] });
  });

  it('answers POST with _method=PUT in multipart, as the panel may send it', async () => {
    const created = await createViaApi();
    const { roles: _roles, ...fields } = asBody(created);
    const form = await multipart({ _method: 'PUT', ...fields, name: 'Por Formulario', 'roles[0]': 'OPERATOR', is_active: '1' });
    const response = await ctx.inject({ method: 'POST', url: `/api/v1/users/${created.id}`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.name).toBe('Por Formulario');
  });

  it('validates like creation, but without asking for the password', async () => {
    const created = await createViaApi();
    const response = await update(created.id, {});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['dni', 'email', 'name', 'phone', 'roles']);
  });

  it('keeps its own e-mail and DNI, but refuses another user’s (409)', async () => {
    const first = await createViaApi();
    const second = await createViaApi();
    expect((await update(first.id, asBody(first))).statusCode).toBe(200);
    const email = await update(first.id, { ...asBody(first), email: second.email });
    expect(email.statusCode).toBe(409);
    expect(email.json().errors).toEqual({ email: ['El email ya está registrado'] });
    const dni = await update(first.id, { ...asBody(first), dni: second.dni });
    expect(dni.statusCode).toBe(409);
    expect(dni.json().errors).toEqual({ dni: ['El DNI ya está registrado'] });
  });

  it('does not hand out the super admin role, but a super admin keeps it when edited', async () => {
    const created = await createViaApi();
    const promote = await update(created.id, { ...asBody(created), roles: ['SUPER_ADMIN'] });
    expect(promote.statusCode).toBe(422);
    expect(promote.json().errors).toEqual({ roles: ['El rol Super Admin no se puede asignar desde la gestión de usuarios.'] });

    const otherSuperAdmin = await ctx.createUser({ email: 'otro-super@panel.test', roles: ['SUPER_ADMIN'] });
    const keep = await update(otherSuperAdmin, { dni: 'SA-2', name: 'Otro Super', email: 'otro-super@panel.test', phone: '1', roles: ['SUPER_ADMIN', 'ADMIN'] });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().data.rol).toEqual(['Super Admin', 'Admin']);
    // Another super admin may take it away while one active super admin remains.
    const demote = await update(otherSuperAdmin, { dni: 'SA-2', name: 'Otro Super', email: 'otro-super@panel.test', phone: '1', roles: ['ADMIN'] });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().data.rol).toEqual(['Admin']);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await update(999999, newUserBody());
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/users/:id', () => {
  it('deletes a user, who then cannot sign in', async () => {
    const created = await createViaApi();
    const response = await remove(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Usuario eliminado.', data: { entry_id: expect.any(Number), restorable_until: expect.any(String) } });
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/users/${created.id}`, headers: admin })).statusCode).toBe(404);
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: created.email, password: created.password } });
    expect(login.statusCode).toBe(401);
    expect((await remove(created.id)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/users/:id/deletion', () => {
  const check = (id: number, headers = admin) => ctx.inject({ method: 'GET', url: `/api/v1/users/${id}/deletion`, headers });

  it('says a user may be deleted, and changes nothing', async () => {
    const created = await createViaApi();
    const response = await check(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ deletable: true, reason: null });
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/users/${created.id}`, headers: admin })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await check(999999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El usuario no existe.' });
  });
});

/** Every user holding the SUPER_ADMIN role. */
const superAdminIds = async () =>
  (await list('?filter[role]=SUPER_ADMIN&fields=id&limit=300')).json().data.data.map((user: { id: number }) => user.id) as number[];

describe('guard rails', () => {
  it('nobody deactivates, deletes or demotes themselves (409)', async () => {
    const self = { dni: 'ADMIN-1', name: 'Super Admin', email: ADMIN_EMAIL, phone: '1', roles: ['SUPER_ADMIN'] };
    const deactivate = await update(adminId, { ...self, is_active: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'No puedes desactivar tu propia cuenta.' });

    const demote = await update(adminId, { ...self, roles: ['ADMIN'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('No puedes quitarte el rol de Super Admin.');

    const deletion = await remove(adminId);
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json().message).toBe('No puedes eliminar tu propia cuenta.');
    const check = await ctx.inject({ method: 'GET', url: `/api/v1/users/${adminId}/deletion`, headers: admin });
    expect(check.json().data).toEqual({ deletable: false, reason: 'No puedes eliminar tu propia cuenta.' });

    // Editing oneself otherwise is fine.
    const edit = await update(adminId, { ...self, roles: ['SUPER_ADMIN', 'OPERATOR'] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await update(adminId, self)).statusCode).toBe(200);
  });

  it('never leaves the system without an active super admin, even when two super admins demote each other at once', async () => {
    // Only a super admin acts on a super admin, and nobody demotes themselves, so the last one can
    // only be lost to a race: two super admins, the only active ones, each removing the other's role.
    for (const other of await superAdminIds()) if (other !== adminId) await ctx.setActive(other, false);
    const pair = ['tercero-super@panel.test', 'cuarto-super@panel.test'];
    const ids = await Promise.all(pair.map((email) => ctx.createUser({ email, roles: ['SUPER_ADMIN'] })));
    const signedIn = [bearer(await ctx.signIn(pair[0])), bearer(await ctx.signIn(pair[1]))];
    await ctx.setActive(adminId, false);
    try {
      const demoteOther = (index: number) =>
        update(ids[1 - index]!, { dni: `SA-${index}`, name: 'Otro', email: pair[1 - index]!, phone: '1', roles: ['ADMIN'] }, signedIn[index]);
      const responses = await Promise.all([demoteOther(0), demoteOther(1)]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The later write either finds it would leave none (409), or its author already lost the role (403).
      expect([403, 409]).toContain(statuses[1]);
      const refused = responses.find((response) => response.statusCode !== 200)!;
      expect(['Debe quedar al menos un Super Admin activo.', 'Solo un Super Admin puede modificar a otro Super Admin.']).toContain(
        refused.json().message,
      );
    } finally {
      await ctx.setActive(adminId, true);
    }
    const stillSuper = (await superAdminIds()).filter((id) => ids.includes(id));
    expect(stillSuper).toHaveLength(1);
  });

  it('a super admin deactivates or deletes another super admin while one active remains', async () => {
    const other = await ctx.createUser({ email: 'quinto-super@panel.test', roles: ['SUPER_ADMIN'] });
    const body = { dni: 'SA-5', name: 'Quinto', email: 'quinto-super@panel.test', phone: '1', roles: ['SUPER_ADMIN'] };
    const deactivate = await update(other, { ...body, is_active: false });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect(deactivate.json().data.is_active).toBe(false);
    expect((await remove(other)).statusCode).toBe(200);
  });
});

describe('session revocation', () => {
  const signedInUser = async () => {
    const created = await createViaApi();
    const token = await ctx.signIn(created.email, created.password);
    expect((await me(token)).statusCode).toBe(200);
    return { created, token };
  };

  it('deactivating a user ends their sessions; they cannot sign in again until reactivated', async () => {
    const { created, token } = await signedInUser();
    expect((await update(created.id, { ...asBody(created), is_active: false })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const open = await ctx.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, created.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: created.email, password: created.password } });
    expect(login.statusCode).toBe(403);
    expect((await update(created.id, { ...asBody(created), is_active: true })).statusCode).toBe(200);
    await ctx.signIn(created.email, created.password);
  });

  it('changing roles or the password ends their sessions; other edits do not', async () => {
    const first = await signedInUser();
    expect((await update(first.created.id, { ...asBody(first.created), name: 'Solo el nombre' })).statusCode).toBe(200);
    expect((await me(first.token)).statusCode).toBe(200);
    expect((await update(first.created.id, { ...asBody(first.created), roles: ['OPERATOR', 'ADMIN'] })).statusCode).toBe(200);
    expect((await me(first.token)).statusCode).toBe(401);

    const second = await signedInUser();
    expect((await update(second.created.id, { ...asBody(second.created), password: 'NuevaClave123' })).statusCode).toBe(200);
    expect((await me(second.token)).statusCode).toBe(401);
  });

  it('deleting a user ends their sessions', async () => {
    const { created, token } = await signedInUser();
    expect((await remove(created.id)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('editing oneself ends one’s other sessions, never the one in use', async () => {
    const other = await ctx.signIn();
    const self = { dni: 'ADMIN-1', name: 'Super Admin', email: ADMIN_EMAIL, phone: '1', roles: ['SUPER_ADMIN'] };
    const response = await update(adminId, { ...self, password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await me(tokens.SUPER_ADMIN)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });
});

describe('password policy', () => {
  it('refuses a common password, or one equal to the e-mail or the DNI, on create and on update (422 on password)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'password123' }, PASSWORD_POLICY_MESSAGES.common],
      [{ email: 'Mi.Correo@panel.test', password: 'mi.correo@panel.test' }, PASSWORD_POLICY_MESSAGES.sameAsEmail],
      [{ dni: 'DNI-LARGO-9', password: 'dni-largo-9' }, PASSWORD_POLICY_MESSAGES.sameAsDni],
    ];
    for (const [overrides, message] of cases) {
      const body = newUserBody(overrides);
      const created = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: body });
      expect(created.statusCode, created.body).toBe(422);
      expect(created.json().errors).toEqual({ password: [message] });
      expect((await list(`?filter[q]=${body.email}`)).json().data.total).toBe(0);
    }
    const existing = await createViaApi();
    const updated = await update(existing.id, { ...asBody(existing), password: 'qwerty123' });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors).toEqual({ password: [PASSWORD_POLICY_MESSAGES.common] });
    await ctx.signIn(existing.email, existing.password);
  });
});

describe('account mails', () => {
  const mailsTo = (address: string) => ctx.mails.filter((mail) => mail.to === address);

  it('a new user is told their account exists, without the password', async () => {
    const created = await createViaApi();
    const [mail] = mailsTo(created.email);
    expect(mail).toMatchObject({ subject: 'Se creó tu cuenta del Panel de Control' });
    expect(mail!.text).toContain('pídesela a quien creó la cuenta');
    expect(mail!.text).not.toContain(created.password);
  });

  it('a password set by an administrator is mailed to the user, without the password', async () => {
    const created = await createViaApi();
    const before = ctx.mails.length;
    expect((await update(created.id, { ...asBody(created), password: 'ClaveDelAdmin-42' })).statusCode).toBe(200);
    const sent = ctx.mails.slice(before);
    expect(sent).toEqual([expect.objectContaining({ to: created.email, subject: 'Un administrador cambió tu contraseña' })]);
    expect(sent[0]!.text).not.toContain('ClaveDelAdmin-42');
    // Other edits mail nobody.
    const quiet = ctx.mails.length;
    expect((await update(created.id, { ...asBody(created), name: 'Sin aviso' })).statusCode).toBe(200);
    expect(ctx.mails.length).toBe(quiet);
  });

  it('changing the e-mail ends the user’s sessions and mails both the old and the new address', async () => {
    const created = await createViaApi();
    const token = await ctx.signIn(created.email, created.password);
    const before = ctx.mails.length;
    const next = `cambiado-${created.id}@panel.test`;
    expect((await update(created.id, { ...asBody(created), email: next })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const sent = ctx.mails.slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([created.email, next].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe('Cambió el correo de tu cuenta');
      expect(mail.text).toContain(`cambió de ${created.email} a ${next}`);
    }
    await ctx.signIn(next, created.password);
  });

  it('a mail that cannot be sent does not undo the change', async () => {
    const created = await createViaApi();
    const push = vi.spyOn(ctx.mails, 'push').mockImplementation(() => {
      throw new Error('SMTP caído');
    });
    let response;
    try {
      response = await update(created.id, { ...asBody(created), email: `sin-correo-${created.id}@panel.test`, password: 'ClaveSinCorreo-7' });
    } finally {
      push.mockRestore();
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.email).toBe(`sin-correo-${created.id}@panel.test`);
    await ctx.signIn(`sin-correo-${created.id}@panel.test`, 'ClaveSinCorreo-7');
  });
});

describePermissionMatrix(
  () => ctx,
  () => tokens,
  [
    { name: 'GET /api/v1/users', allowed: ['SUPER_ADMIN'], request: () => ({ method: 'GET', url: '/api/v1/users' }) },
    {
      name: 'GET /api/v1/users/:id',
      allowed: ['SUPER_ADMIN'],
      request: () => ({ method: 'GET', url: `/api/v1/users/${adminId}` }),
    },
    {
      name: 'POST /api/v1/users',
      allowed: ['SUPER_ADMIN'],
      status: 201,
      request: () => ({ method: 'POST', url: '/api/v1/users', payload: newUserBody() }),
    },
    {
      name: 'PUT /api/v1/users/:id',
      allowed: ['SUPER_ADMIN'],
      request: async () => {
        const target = await createViaApi();
        return { method: 'PUT', url: `/api/v1/users/${target.id}`, payload: { ...asBody(target), name: 'Cambiado' } };
      },
    },
    {
      name: 'GET /api/v1/users/:id/deletion',
      allowed: ['SUPER_ADMIN'],
      request: async () => ({ method: 'GET', url: `/api/v1/users/${(await createViaApi()).id}/deletion` }),
    },
    {
      name: 'DELETE /api/v1/users/:id',
      allowed: ['SUPER_ADMIN'],
      request: async () => ({ method: 'DELETE', url: `/api/v1/users/${(await createViaApi()).id}` }),
    },
  ],
);

describe('OpenAPI', () => {
  it('documents the users, roles, permissions and country write paths', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/users', '/api/v1/users/{id}', '/api/v1/roles', '/api/v1/roles/{id}', '/api/v1/roles/{id}/sync-permission', '/api/v1/permissions', '/api/v1/countries/{id}']),
    );
    expect(Object.keys(paths['/api/v1/users'].post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['dni', 'name', 'email', 'phone', 'password', 'roles', 'is_active', 'country_id']),
    );
    expect(paths['/api/v1/users/{id}'].put).toBeDefined();
    expect(paths['/api/v1/countries'].post).toBeDefined();
  });
});
