import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, users } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';

/** `GET /api/v1/dsps/{id}/users`: one DSP's staff, paged and searched, and `include=users` naming them. */
let ctx: TestContext;
let token: string;
let dspId: number;
let emptyDspId: number;
/** The people assigned to `dspId`, in the order the list answers them. */
const staff: { id: number; name: string }[] = [];

const get = (url: string, headers = bearer(token)) => ctx.inject({ method: 'GET', url, headers });
const ok = async (url: string) => {
  const response = await get(url);
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json().data;
};
const created = async (url: string, payload: Record<string, unknown>) => {
  const response = await ctx.inject({ method: 'POST', url, headers: bearer(token), payload });
  if (response.statusCode !== 201) throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
  return response.json().data.id as number;
};
const names = async (query: string) => (await ok(`/api/v1/dsps/${dspId}/users?${query}`)).data.map((person: { name: string }) => person.name);

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
  const [colombia] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
  const sponsor = await created('/api/v1/sponsors', { name: 'Personal Sponsor', country_id: colombia!.id });
  const campaign = await created('/api/v1/campaigns', { name: 'Personal Campaña', sponsor_id: sponsor });
  const plan = await created(`/api/v1/campaigns/${campaign}/plans`, { name: 'Plan Personal', description: 'x' });
  const dsp = (name: string) => created('/api/v1/dsps', { name, country_id: colombia!.id, sponsor_id: sponsor, plans: [plan], settings: {} });
  dspId = await dsp('Con mucho personal');
  emptyDspId = await dsp('Sin personal');
  // Fourteen people, so the default page (12) leaves two for page 2; accents and case mixed.
  const people = ['Ángela Ruiz', 'beto Díaz', 'Carla Gómez', ...Array.from({ length: 11 }, (_, index) => `Zona ${String(index + 1).padStart(2, '0')}`)];
  for (const [index, name] of people.entries()) {
    const id = await ctx.createUser({ email: `personal${index}@panel.test`, name, roles: ['OPERATOR'] });
    staff.push({ id, name });
  }
  await ctx.db.update(users).set({ dni: '77001' }).where(eq(users.id, staff[2]!.id));
  // Someone on another DSP only: never on this one's list.
  const other = await ctx.createUser({ email: 'otra.dsp@panel.test', name: 'Ana Otra', roles: ['OPERATOR'] });
  const otherDsp = await dsp('Otra con personal');
  for (const [target, ids] of [
    [dspId, staff.map((person) => person.id)],
    [otherDsp, [other]],
  ] as const) {
    const assigned = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${target}/users`, headers: bearer(token), payload: { users: ids } });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
});
afterAll(() => ctx?.close());

describe('GET /api/v1/dsps/:id/users', () => {
  it('pages the DSP’s staff by name, ignoring case and accents, 12 a page, as the Laravel paginator', async () => {
    const first = await ok(`/api/v1/dsps/${dspId}/users`);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 12, total: 14, from: 1, to: 12 });
    expect(first.next_page_url).toMatch(/\/api\/v1\/dsps\/\d+\/users\?page=2$/);
    expect(first.data.slice(0, 3)).toEqual([
      { id: staff[0]!.id, name: 'Ángela Ruiz', email: 'personal0@panel.test', dni: null, rol: ['Operador'] },
      { id: staff[1]!.id, name: 'beto Díaz', email: 'personal1@panel.test', dni: null, rol: ['Operador'] },
      { id: staff[2]!.id, name: 'Carla Gómez', email: 'personal2@panel.test', dni: '77001', rol: ['Operador'] },
    ]);
    expect(await names('page=2')).toEqual(['Zona 10', 'Zona 11']);
    expect(await names('sort=-name&limit=2')).toEqual(['Zona 11', 'Zona 10']);
    expect(await names('fields=id,name&limit=1')).toEqual(['Ángela Ruiz']);
    expect(Object.keys((await ok(`/api/v1/dsps/${dspId}/users?fields=id,name&limit=1`)).data[0]).sort()).toEqual(['id', 'name']);
  });

  it('searches name, e-mail and DNI with filter[q] or q, ignoring case and accents', async () => {
    expect(await names('filter[q]=ANGELA')).toEqual(['Ángela Ruiz']);
    expect(await names('q=diaz')).toEqual(['beto Díaz']);
    expect(await names('filter[q]=personal2@')).toEqual(['Carla Gómez']);
    expect(await names('filter[q]=7700')).toEqual(['Carla Gómez']);
    expect(await names('filter[q]=otra')).toEqual([]);
  });

  it('takes limit up to 100 and refuses more, and refuses unknown parameters', async () => {
    expect((await ok(`/api/v1/dsps/${dspId}/users?limit=100`)).data).toHaveLength(14);
    const tooMany = await get(`/api/v1/dsps/${dspId}/users?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('El parámetro limit no puede superar 100.');
    expect((await get(`/api/v1/dsps/${dspId}/users?include=roles`)).statusCode).toBe(400);
    expect((await get(`/api/v1/dsps/${dspId}/users?filter[role]=admin`)).statusCode).toBe(400);
    expect((await get(`/api/v1/dsps/${dspId}/users?sort=email`)).statusCode).toBe(400);
    expect((await get(`/api/v1/dsps/${dspId}/users?colour=red`)).statusCode).toBe(400);
  });

  it('answers an empty page for a DSP without staff, and 404 for a DSP that does not exist', async () => {
    expect(await ok(`/api/v1/dsps/${emptyDspId}/users`)).toMatchObject({ data: [], total: 0 });
    for (const query of ['', '?filter[q]=angela']) {
      const missing = await get(`/api/v1/dsps/999999/users${query}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('La DSP no existe.');
    }
  });

  it('needs the DSP’s permission, as its detail does: 403 without it (even to an admin), 401 without a session', async () => {
    await ctx.createUser({ email: 'admin.personal@panel.test', roles: ['ADMIN'] });
    const admin = bearer(await ctx.signIn('admin.personal@panel.test'));
    // Assigned to the DSP, yet without dsps.manage: still 403, the list is configuration.
    const operator = await ctx.createUser({ email: 'operador.personal@panel.test', roles: ['OPERATOR'] });
    await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/users`, headers: bearer(token), payload: { users: [operator] } });
    const assigned = bearer(await ctx.signIn('operador.personal@panel.test'));
    for (const headers of [admin, assigned]) {
      expect((await get(`/api/v1/dsps/${dspId}/users`, headers)).statusCode).toBe(403);
      expect((await get(`/api/v1/dsps/${dspId}`, headers)).statusCode).toBe(403);
    }
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/dsps/${dspId}/users` })).statusCode).toBe(401);
    await ctx.inject({ method: 'PUT', url: `/api/v1/dsps/${dspId}/users`, headers: bearer(token), payload: { users: [operator] } });
  });
});

describe('include=users', () => {
  it('names each staff member by id and name only, by name, in the list and the detail', async () => {
    const expected = staff.map(({ id, name }) => ({ id, name }));
    const detail = await ok(`/api/v1/dsps/${dspId}?include=users`);
    expect(detail.users).toEqual(expected);
    const listed = (await ok('/api/v1/dsps?q=mucho personal&include=users')).data;
    expect(listed.map((item: { users: unknown }) => item.users)).toEqual([expected]);
  });

  it('a staff change still answers the whole staff in full', async () => {
    const removed = await ctx.inject({ method: 'PUT', url: `/api/v1/dsps/${dspId}/users`, headers: bearer(token), payload: { users: [staff[1]!.id] } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toHaveLength(13);
    expect(removed.json().data[1]).toEqual({ id: staff[2]!.id, name: 'Carla Gómez', email: 'personal2@panel.test', dni: '77001', rol: ['Operador'] });
    const back = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dspId}/users`, headers: bearer(token), payload: { users: [staff[1]!.id] } });
    expect(back.json().data[1]).toEqual({ id: staff[1]!.id, name: 'beto Díaz', email: 'personal1@panel.test', dni: null, rol: ['Operador'] });
  });
});
