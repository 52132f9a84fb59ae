import { VALIDATION_FAILED_MESSAGE } from '@contract/messages';
import { SAVED_VIEW_ANSWERS, SAVED_VIEW_MESSAGES, SAVED_VIEWS_PER_LIST, type SavedView } from '@contract/saved-view';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dspUsers, dsps, roles, savedViews, users } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

/**
 * Saved views: each person's own, those shared with a role they hold, and who may change them.
 * Ana and Beto are operators, Carla an admin, Dani has no role; the super admin is the seeded one.
 */
let ctx: TestContext;
const token: Record<'admin' | 'ana' | 'beto' | 'carla' | 'dani', string> = { admin: '', ana: '', beto: '', carla: '', dani: '' };
const userId: Record<'ana' | 'beto', number> = { ana: 0, beto: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  token.admin = await ctx.signIn();
  userId.ana = await ctx.createUser({ email: 'ana@panel.test', name: 'Ana Operadora', roles: ['OPERATOR'] });
  userId.beto = await ctx.createUser({ email: 'beto@panel.test', name: 'Beto Operador', roles: ['OPERATOR'] });
  await ctx.createUser({ email: 'carla@panel.test', name: 'Carla Admin', roles: ['ADMIN'] });
  await ctx.createUser({ email: 'dani@panel.test', name: 'Dani Sin Rol' });
  for (const name of ['ana', 'beto', 'carla', 'dani'] as const) token[name] = await ctx.signIn(`${name}@panel.test`);
});
afterAll(async () => {
  await ctx?.close();
});

type Who = keyof typeof token;
const send = (who: Who, options: InjectOptions) => ctx.inject({ ...options, headers: { ...bearer(token[who]), ...(options.headers as Record<string, string>) } });
const create = (who: Who, payload: Record<string, unknown>) => send(who, { method: 'POST', url: '/api/v1/saved-views', payload });
const update = (who: Who, id: number, payload: Record<string, unknown>) => send(who, { method: 'PUT', url: `/api/v1/saved-views/${id}`, payload });
const remove = (who: Who, id: number) => send(who, { method: 'DELETE', url: `/api/v1/saved-views/${id}` });
const listOf = async (who: Who, list?: string): Promise<SavedView[]> => {
  const response = await send(who, { method: 'GET', url: `/api/v1/saved-views${list ? `?filter[list]=${list}` : ''}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** A new view; its answer's data. */
const created = async (who: Who, payload: Record<string, unknown>): Promise<SavedView> => {
  const response = await create(who, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};
const names = (views: SavedView[]) => views.map((view) => view.name);

const expectRefused = (response: Awaited<ReturnType<typeof create>>, status: number, message: string, field?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.status).toBe('error');
  if (field) {
    expect(body.errors[field]).toEqual([message]);
    if (status === 422) expect(body.message).toBe(VALIDATION_FAILED_MESSAGE);
  } else expect(body.message).toBe(message);
};

describe('POST /api/v1/saved-views', () => {
  it('saves a view and answers 201 with it, its owner and what the caller may do', async () => {
    const response = await create('ana', { list: 'bookings', name: '  Pendientes de hoy ', query: '?q=ana&date=2026-11-22' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      status: 'success',
      message: SAVED_VIEW_ANSWERS.created,
      data: {
        id: expect.any(Number),
        list: 'bookings',
        name: 'Pendientes de hoy',
        query: 'q=ana&date=2026-11-22',
        shared_with_roles: [],
        is_default: false,
        owner: { id: userId.ana, name: 'Ana Operadora' },
        can_edit: true,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
  });

  it('keeps only the keys the list knows, in its order, without page, view or what is open on screen', async () => {
    const view = await created('ana', {
      list: 'bookings',
      name: 'Normalizada',
      query: 'page=3&view=12&booking=9&chart=1&foo=bar&columns=code,status&q=grúa&dsp=4&q=otra&date=',
    });
    expect(view.query).toBe('dsp=4&q=gr%C3%BAa&columns=code%2Cstatus');
    expect(Object.fromEntries(new URLSearchParams(view.query))).toEqual({ dsp: '4', q: 'grúa', columns: 'code,status' });
    // Each list its own keys: the sales list knows its payment method, the DSPs list no open modal.
    expect((await created('ana', { list: 'sales', name: 'Tarjeta', query: 'method=tarjeta&dsp=2&role=ADMIN&page=2' })).query).toBe('method=tarjeta&dsp=2');
    expect((await created('ana', { list: 'dsps', name: 'Andes', query: 'q=andes&config=7&tab=usuarios' })).query).toBe('q=andes');
    expect((await created('ana', { list: 'users', name: 'Inactivos', query: 'tab=roles&status=inactive&columns=name' })).query).toBe('status=inactive&columns=name');
    expect((await created('ana', { list: 'sponsors', name: 'Z a A', query: 'sort=-name&columns=name' })).query).toBe('sort=-name');
  });

  it('saves an empty query when none is sent', async () => {
    expect((await created('ana', { list: 'categories', name: 'Todas' })).query).toBe('');
  });

  it('reads a form body, with the roles as brackets and the boolean as 1', async () => {
    const response = await send('ana', {
      method: 'POST',
      url: '/api/v1/saved-views',
      payload: new URLSearchParams({ list: 'plans', name: 'Activos', query: 'status=ACTIVE', 'shared_with_roles[0]': 'OPERATOR', is_default: '1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ list: 'plans', shared_with_roles: ['OPERATOR'], is_default: true });
  });

  it('refuses a list that does not exist, and a missing or too long name, with 422 on the field', async () => {
    expectRefused(await create('ana', { list: 'facturas', name: 'X' }), 422, SAVED_VIEW_MESSAGES.list, 'list');
    expectRefused(await create('ana', { name: 'X' }), 422, SAVED_VIEW_MESSAGES.list, 'list');
    expectRefused(await create('ana', { list: 'bookings', name: '   ' }), 422, SAVED_VIEW_MESSAGES.nameRequired, 'name');
    expectRefused(await create('ana', { list: 'bookings' }), 422, SAVED_VIEW_MESSAGES.nameRequired, 'name');
    expectRefused(await create('ana', { list: 'bookings', name: 'x'.repeat(201) }), 422, SAVED_VIEW_MESSAGES.nameTooLong, 'name');
  });

  it('refuses a query over 2 KB (counted in bytes) with 422, and takes one of exactly 2 KB', async () => {
    expectRefused(await create('ana', { list: 'customers', name: 'Larga', query: `q=${'a'.repeat(2047)}` }), 422, SAVED_VIEW_MESSAGES.queryTooLong, 'query');
    // 'ñ' is two bytes: 2 + 1024 × 2 = 2050 bytes in 1026 characters.
    expectRefused(await create('ana', { list: 'customers', name: 'Larga', query: `q=${'ñ'.repeat(1024)}` }), 422, SAVED_VIEW_MESSAGES.queryTooLong, 'query');
    const view = await created('ana', { list: 'customers', name: 'Justa', query: `q=${'a'.repeat(2046)}` });
    expect(view.query).toBe(`q=${'a'.repeat(2046)}`);
  });

  it('refuses an unknown role slug with 422, and saves nothing', async () => {
    expectRefused(await create('ana', { list: 'audit', name: 'Con rol raro', shared_with_roles: ['OPERATOR', 'NO_EXISTE'] }), 422, SAVED_VIEW_MESSAGES.role, 'shared_with_roles');
    expect(names(await listOf('ana', 'audit'))).not.toContain('Con rol raro');
  });

  it('refuses a name the person already has in that list, trimmed and ignoring case and accents, with 409', async () => {
    await created('ana', { list: 'campaigns', name: 'Campaña activa' });
    for (const name of ['Campaña activa', '  campaña ACTIVA ', 'Campana Activa']) {
      const refused = await create('ana', { list: 'campaigns', name });
      expectRefused(refused, 409, SAVED_VIEW_MESSAGES.nameTaken, 'name');
      expect(refused.json().message).toBe(SAVED_VIEW_MESSAGES.nameTaken);
    }
    // The same name in another list, or by another person, is another view.
    await created('ana', { list: 'plans', name: 'Campaña activa' });
    await created('beto', { list: 'campaigns', name: 'Campaña activa' });
  });

  it('gives one of two saves of one name at once the view and the other the 409', async () => {
    const answers = await Promise.all(['Carrera', 'carrera '].map((name) => create('ana', { list: 'users', name })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(SAVED_VIEW_MESSAGES.nameTaken);
  });

  it('lets a person without any role keep views of their own', async () => {
    await created('dani', { list: 'sponsors', name: 'Mis sponsors', query: 'q=acme' });
    expect(names(await listOf('dani', 'sponsors'))).toEqual(['Mis sponsors']);
  });
});

describe('at most 50 views per person and list', () => {
  it('refuses the 51st with 409, in that list only, and takes one again after a delete', async () => {
    await ctx.db.insert(savedViews).values(
      Array.from({ length: SAVED_VIEWS_PER_LIST }, (_, at) => ({ ownerId: userId.beto, list: 'services', name: `Vista ${at + 1}`, query: '' })),
    );
    expectRefused(await create('beto', { list: 'services', name: 'Una más' }), 409, SAVED_VIEW_MESSAGES.tooMany);
    expect((await listOf('beto', 'services')).length).toBe(SAVED_VIEWS_PER_LIST);
    await created('beto', { list: 'categories', name: 'Una más' });
    const first = (await listOf('beto', 'services'))[0]!;
    expect((await remove('beto', first.id)).statusCode).toBe(200);
    await created('beto', { list: 'services', name: 'Una más' });
    expectRefused(await create('beto', { list: 'services', name: 'Otra más' }), 409, SAVED_VIEW_MESSAGES.tooMany);
  });

  it('holds under saves at once: from 48, of five saves two pass', async () => {
    await ctx.db.insert(savedViews).values(
      Array.from({ length: SAVED_VIEWS_PER_LIST - 2 }, (_, at) => ({ ownerId: userId.beto, list: 'audit', name: `Auditoría ${at + 1}`, query: '' })),
    );
    const answers = await Promise.all(Array.from({ length: 5 }, (_, at) => create('beto', { list: 'audit', name: `A la vez ${at}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await listOf('beto', 'audit')).filter((view) => view.owner.id === userId.beto).length).toBe(SAVED_VIEWS_PER_LIST);
  });
});

describe('GET /api/v1/saved-views', () => {
  it('answers one list’s views by name, ignoring case and accents', async () => {
    for (const name of ['casa', 'Árbol', 'banco']) await created('carla', { list: 'sponsor-campaigns', name });
    await created('carla', { list: 'sponsors', name: 'Otra lista' });
    expect(names(await listOf('carla', 'sponsor-campaigns'))).toEqual(['Árbol', 'banco', 'casa']);
  });

  it('answers every list’s views without the filter', async () => {
    expect(names(await listOf('carla'))).toEqual(['Árbol', 'banco', 'casa', 'Otra lista']);
  });

  it('refuses a list filter that is not a list with 400', async () => {
    const response = await send('carla', { method: 'GET', url: '/api/v1/saved-views?filter[list]=facturas' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SAVED_VIEW_MESSAGES.list);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/saved-views' })).statusCode).toBe(401);
  });
});

describe('shared views', () => {
  let shared: SavedView;
  beforeAll(async () => {
    shared = await created('ana', { list: 'sales', name: 'Ventas del equipo', query: 'status=pagado', shared_with_roles: ['OPERATOR'], is_default: true });
  });

  it('shows a view shared with a role to whoever holds it, not editable and never their default', async () => {
    const seen = (await listOf('beto', 'sales')).find((view) => view.id === shared.id);
    expect(seen).toEqual({ ...shared, is_default: false, can_edit: false });
    expect(shared).toMatchObject({ is_default: true, can_edit: true, shared_with_roles: ['OPERATOR'], owner: { id: userId.ana, name: 'Ana Operadora' } });
    const detail = await send('beto', { method: 'GET', url: `/api/v1/saved-views/${shared.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(seen);
  });

  it('hides it from whoever holds none of its roles: absent from the list, 404 by id', async () => {
    for (const who of ['carla', 'dani'] as const) {
      expect((await listOf(who, 'sales')).map((view) => view.id)).not.toContain(shared.id);
      expectRefused(await send(who, { method: 'GET', url: `/api/v1/saved-views/${shared.id}` }), 404, SAVED_VIEW_MESSAGES.notFound);
    }
  });

  it('answers 403 to a colleague who sees it and 404 to one who does not, on change and delete; the view stays', async () => {
    expectRefused(await update('beto', shared.id, { name: 'Mía' }), 403, SAVED_VIEW_MESSAGES.notOwner);
    expectRefused(await remove('beto', shared.id), 403, SAVED_VIEW_MESSAGES.notOwner);
    expectRefused(await update('carla', shared.id, { name: 'Mía' }), 404, SAVED_VIEW_MESSAGES.notFound);
    expectRefused(await remove('carla', shared.id), 404, SAVED_VIEW_MESSAGES.notFound);
    expectRefused(await update('ana', 2_147_483_647, { name: 'Mía' }), 404, SAVED_VIEW_MESSAGES.notFound);
    const [kept] = await ctx.db.select().from(savedViews).where(eq(savedViews.id, shared.id));
    expect(kept).toMatchObject({ name: 'Ventas del equipo', ownerId: userId.ana });
  });

  it('lets a super admin change it (not its owner’s default) and delete it', async () => {
    const renamed = await update('admin', shared.id, { name: 'Ventas pagadas', is_default: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ message: SAVED_VIEW_ANSWERS.updated, data: { name: 'Ventas pagadas', can_edit: true, is_default: false } });
    expect((await listOf('ana', 'sales')).find((view) => view.id === shared.id)).toMatchObject({ name: 'Ventas pagadas', is_default: true });

    const other = await created('beto', { list: 'sales', name: 'Privada de Beto' });
    expect((await send('admin', { method: 'GET', url: `/api/v1/saved-views/${other.id}` })).json().data).toMatchObject({ can_edit: true });
    // A super admin's menu is their own and their roles' views, not everyone's.
    expect((await listOf('admin', 'sales')).map((view) => view.id)).not.toContain(other.id);
    const deleted = await remove('admin', other.id);
    expect(deleted.json()).toEqual({ status: 'success', message: SAVED_VIEW_ANSWERS.deleted, data: null });
    expect(names(await listOf('beto', 'sales'))).not.toContain('Privada de Beto');
  });

  it('stops showing it when its owner makes it private, and to everyone once deleted', async () => {
    const view = await created('ana', { list: 'customers', name: 'Compartida un rato', shared_with_roles: ['OPERATOR', 'ADMIN'] });
    expect(names(await listOf('carla', 'customers'))).toContain('Compartida un rato');
    const privateNow = await update('ana', view.id, { shared_with_roles: [] });
    expect(privateNow.json().data.shared_with_roles).toEqual([]);
    expect(names(await listOf('beto', 'customers'))).not.toContain('Compartida un rato');
    expect(names(await listOf('carla', 'customers'))).not.toContain('Compartida un rato');

    await update('ana', view.id, { shared_with_roles: ['ADMIN'] });
    expect(names(await listOf('carla', 'customers'))).toContain('Compartida un rato');
    expect((await remove('ana', view.id)).statusCode).toBe(200);
    expect(names(await listOf('carla', 'customers'))).not.toContain('Compartida un rato');
    expectRefused(await remove('ana', view.id), 404, SAVED_VIEW_MESSAGES.notFound);
  });

  it('never widens what someone sees: a bookings view of a DSP opens, for a colleague not assigned to it, as that list’s 404', async () => {
    const { dspId } = await insertDspWithPlans(ctx, 'Asistencias Norte', ['Plan Norte']);
    await ctx.db.update(dsps).set({ type: 'BOOKING' }).where(eq(dsps.id, dspId));
    await ctx.db.insert(dspUsers).values({ dspId, userId: userId.ana });
    const view = await created('ana', { list: 'bookings', name: 'Agenda del Norte', query: `dsp=${dspId}`, shared_with_roles: ['OPERATOR'] });

    // Beto sees the view: it is only a query string…
    const seen = (await listOf('beto', 'bookings')).find((candidate) => candidate.id === view.id)!;
    expect(seen.query).toBe(`dsp=${dspId}`);
    // …and the list it names runs with his own DSPs: Ana reads the bookings, Beto gets the 404.
    const dsp = new URLSearchParams(seen.query).get('dsp');
    expect((await send('ana', { method: 'GET', url: `/api/v1/dsps/${dsp}/bookings` })).statusCode).toBe(200);
    const beto = await send('beto', { method: 'GET', url: `/api/v1/dsps/${dsp}/bookings` });
    expect(beto.statusCode).toBe(404);
    expect(beto.json().data).toBeUndefined();
  });
});

describe('PUT /api/v1/saved-views/{id}', () => {
  it('changes only what is sent: a rename keeps the query, the roles and the default', async () => {
    const view = await created('carla', { list: 'users', name: 'Operadores', query: 'role=OPERATOR', shared_with_roles: ['ADMIN'], is_default: true });
    const response = await update('carla', view.id, { name: 'Operadores activos' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...view, name: 'Operadores activos', updated_at: expect.any(String) });
  });

  it('overwrites the query, kept by the view’s own list’s keys; the list never changes', async () => {
    const view = await created('carla', { list: 'audit', name: 'Cambios' });
    const response = await update('carla', view.id, { query: '?action=update&resource=sponsor&page=4&q=nada', list: 'bookings' });
    expect(response.json().data).toMatchObject({ list: 'audit', query: 'resource=sponsor&action=update' });
  });

  it('refuses a name taken by another of the owner’s views in that list with 409, and keeps its own name', async () => {
    const one = await created('carla', { list: 'plans', name: 'Planes A' });
    await created('carla', { list: 'plans', name: 'Planes B' });
    expectRefused(await update('carla', one.id, { name: 'planes b' }), 409, SAVED_VIEW_MESSAGES.nameTaken, 'name');
    expect((await update('carla', one.id, { name: 'PLANES A' })).json().data.name).toBe('PLANES A');
  });

  it('validates as the create does: 422 for an unknown role, a long query, an empty name', async () => {
    const view = await created('carla', { list: 'plans', name: 'Validada' });
    expectRefused(await update('carla', view.id, { shared_with_roles: ['NADIE'] }), 422, SAVED_VIEW_MESSAGES.role, 'shared_with_roles');
    expectRefused(await update('carla', view.id, { query: `q=${'x'.repeat(2100)}` }), 422, SAVED_VIEW_MESSAGES.queryTooLong, 'query');
    expectRefused(await update('carla', view.id, { name: '' }), 422, SAVED_VIEW_MESSAGES.nameRequired, 'name');
  });
});

describe('one default per person and list', () => {
  const defaultsOf = async (who: Who, list: string) => names((await listOf(who, list)).filter((view) => view.is_default));

  it('moves the default to the view made default, in create and in update, list by list', async () => {
    const first = await created('dani', { list: 'campaigns', name: 'Primera', is_default: true });
    expect(await defaultsOf('dani', 'campaigns')).toEqual(['Primera']);
    const second = await created('dani', { list: 'campaigns', name: 'Segunda', is_default: true });
    expect(await defaultsOf('dani', 'campaigns')).toEqual(['Segunda']);
    await created('dani', { list: 'services', name: 'De servicios', is_default: true });

    await update('dani', first.id, { is_default: true });
    expect(await defaultsOf('dani', 'campaigns')).toEqual(['Primera']);
    expect(await defaultsOf('dani', 'services')).toEqual(['De servicios']);
    // Making it default again changes nothing; unsetting leaves the list without a default.
    await update('dani', first.id, { is_default: true });
    expect(await defaultsOf('dani', 'campaigns')).toEqual(['Primera']);
    await update('dani', first.id, { is_default: false });
    expect(await defaultsOf('dani', 'campaigns')).toEqual([]);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('holds under switches at once: each answers 200 and one view stays the default', async () => {
    const views = await Promise.all(['Uno', 'Dos', 'Tres'].map((name) => created('dani', { list: 'sales', name })));
    const answers = await Promise.all(views.map((view) => update('dani', view.id, { is_default: true })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await defaultsOf('dani', 'sales')).length).toBe(1);
    const made = await Promise.all(['Cuatro', 'Cinco'].map((name) => create('dani', { list: 'sales', name, is_default: true })));
    expect(made.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await defaultsOf('dani', 'sales')).length).toBe(1);
  });

  it('keeps each person’s default their own', async () => {
    await created('beto', { list: 'campaigns', name: 'La de Beto', is_default: true });
    expect(await defaultsOf('dani', 'campaigns')).toEqual([]);
    expect(await defaultsOf('beto', 'campaigns')).toEqual(['La de Beto']);
  });
});

describe('what goes with a person and a role', () => {
  it('deletes a person’s views with them', async () => {
    const gone = await ctx.createUser({ email: 'se-va@panel.test', roles: ['OPERATOR'] });
    const goneToken = await ctx.signIn('se-va@panel.test');
    const view = (await ctx.inject({ method: 'POST', url: '/api/v1/saved-views', headers: bearer(goneToken), payload: { list: 'dsps', name: 'Se va', shared_with_roles: ['OPERATOR'] } })).json().data;
    expect(names(await listOf('beto', 'dsps'))).toContain('Se va');
    await ctx.db.delete(users).where(eq(users.id, gone));
    expect(names(await listOf('beto', 'dsps'))).not.toContain('Se va');
    expect(await ctx.db.select().from(savedViews).where(eq(savedViews.id, view.id))).toEqual([]);
  });

  it('takes a deleted role out of the views shared with it', async () => {
    const [temporary] = await ctx.db.insert(roles).values({ name: 'Temporal', slug: 'TEMPORAL' }).returning({ id: roles.id });
    const view = await created('ana', { list: 'dsps', name: 'Con temporal', shared_with_roles: ['TEMPORAL', 'ADMIN'] });
    expect(view.shared_with_roles).toEqual(['ADMIN', 'TEMPORAL']);
    await ctx.db.delete(roles).where(eq(roles.id, temporary!.id));
    expect((await listOf('ana', 'dsps')).find((candidate) => candidate.id === view.id)?.shared_with_roles).toEqual(['ADMIN']);
  });

  it('writes no change history: a view is a person’s way of looking at a list', async () => {
    const entries = async () => (await ctx.db.select({ total: sql<number>`count(*)::int` }).from(auditLog))[0]!.total;
    const before = await entries();
    const view = await created('ana', { list: 'sponsors', name: 'Sin historial' });
    await update('ana', view.id, { name: 'Sin historial 2', shared_with_roles: ['ADMIN'] });
    await remove('ana', view.id);
    expect(await entries()).toBe(before);
  });
});
