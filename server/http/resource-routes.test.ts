import { recordIdParam } from '@contract/common';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Principal } from '../modules/auth/principal';
import { createRestores } from '../modules/audit/restore';
import type { Actor } from './actor';
import { registerMethodOverride } from './method-override';
import { type ListRoutes, resourceRoutes } from './resource-routes';

const item = z.object({ id: z.number(), name: z.string() });
const body = z.object({ name: z.string() });
const principal: Principal = { id: 7, name: 'Ana', email: 'ana@panel.test', phone: null, isActive: true, roleNames: [], roleSlugs: [], permissions: [] };

/** A list that answers what it was asked, standing in for a `defineList` result. */
const fakeList = (): ListRoutes & { found: unknown[] } => {
  const found: unknown[] = [];
  return {
    found,
    querystring: z.object({ page: z.string().optional() }),
    response: z.object({ data: z.array(item) }),
    detailQuerystring: z.object({ fields: z.string().optional() }),
    detailResponse: z.object({ data: item }),
    answer: async (request, reply) => {
      reply.send({ data: [{ id: 1, name: `page of ${JSON.stringify(request.params)}` }] });
    },
    answerOne: async (_request, reply, find) => {
      found.push(await find());
      reply.send({ data: { id: 1, name: 'one' } });
    },
  };
};

let app: FastifyInstance;
afterEach(() => app.close());

async function build(register: (app: FastifyInstance) => void) {
  app = Fastify({ exposeHeadRoutes: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    request.principal = principal;
  });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  registerMethodOverride(app);
  app.decorate('restores', createRestores({ db: null as never, windowSeconds: 3600 }));
  register(app);
  await app.ready();
  return routes;
}

type Deletes = { remove(id: number): Promise<{ entryId: number; deletedAt: Date }>; deletion(id: number): Promise<{ deletable: boolean; reason: string | null }> };

/** A resource with every standard route; writes and deletes need more than reading. */
const things = (app: FastifyInstance, list: ListRoutes, service: Deletes) =>
  resourceRoutes(app, {
    path: '/api/v1/things',
    access: 'signed-in',
    tags: ['Cosas'],
    list,
    item,
    index: { summary: 'Lista de cosas' },
    detail: { summary: 'Una cosa', find: async (id, actor: Actor) => ({ id: id + actor.userId }) },
    create: { summary: 'Crea', access: 'sponsors.manage', body, message: 'Creada.', run: async (input, actor) => ({ id: actor.userId, ...input }) },
    update: { summary: 'Actualiza', access: 'sponsors.manage', body, message: 'Actualizada.', run: async (id, input) => ({ id, ...input }) },
    delete: { summary: 'Elimina', question: '¿Se puede?', access: 'categories.delete', refusals: 'Con hijas no (409).', message: 'Eliminada.', service },
  });

describe('resourceRoutes', () => {
  it('declares the standard routes, each with its access: the resource’s, or the one a route names', async () => {
    const list = fakeList();
    const service = { remove: async () => ({ entryId: 1, deletedAt: new Date() }), deletion: async () => ({ deletable: true, reason: null }) };
    const routes = await build((app) => things(app, list, service));
    expect(routes.map((route) => [route.method, route.url, route.config?.access])).toEqual([
      ['GET', '/api/v1/things', 'signed-in'],
      ['GET', '/api/v1/things/:id', 'signed-in'],
      ['POST', '/api/v1/things', 'sponsors.manage'],
      [['PUT', 'POST'], '/api/v1/things/:id', 'sponsors.manage'],
      ['DELETE', '/api/v1/things/:id', 'categories.delete'],
      ['GET', '/api/v1/things/:id/deletion', 'categories.delete'],
    ]);
    // The route-access test reads these routes' access as declared by this configuration.
    expect(routes.map((route) => route.config?.declaredBy)).toEqual(routes.map(() => 'resourceRoutes'));
    const schemaOf = (method: string, url: string) => routes.find((route) => route.url === url && [route.method].flat().includes(method))!.schema!;
    expect(schemaOf('GET', '/api/v1/things')).toMatchObject({ tags: ['Cosas'], summary: 'Lista de cosas', querystring: list.querystring });
    expect(schemaOf('GET', '/api/v1/things/:id')).toMatchObject({ summary: 'Una cosa', querystring: list.detailQuerystring });
    expect(schemaOf('DELETE', '/api/v1/things/:id')).toMatchObject({ summary: 'Elimina', description: expect.stringMatching(/^Con hijas no \(409\)\. Responde data: \{entry_id, restorable_until\}.* Con If-Match/) });
    expect(schemaOf('GET', '/api/v1/things/:id/deletion')).toMatchObject({ summary: '¿Se puede?', description: expect.stringMatching(/diálogo de eliminar.* Con hijas no \(409\)\.$/) });
  });

  it('answers each route: 201 with the message, the update by PUT and by POST, the detail through the list, the delete and its check', async () => {
    const list = fakeList();
    const calls: unknown[] = [];
    const service = {
      remove: async (id: number) => {
        calls.push(['remove', id]);
        return { entryId: 31, deletedAt: new Date('2026-03-01T10:00:00.000Z') };
      },
      deletion: async (id: number) => ({ deletable: id !== 9, reason: id === 9 ? 'Tiene hijas.' : null }),
    };
    await build((app) => things(app, list, service));

    const created = await app.inject({ method: 'POST', url: '/api/v1/things', payload: { name: 'Nueva' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ status: 'success', message: 'Creada.', data: { id: 7, name: 'Nueva' } });

    for (const method of ['PUT', 'POST'] as const) {
      const updated = await app.inject({ method, url: '/api/v1/things/3', payload: { name: 'Otra' } });
      expect(updated.json()).toEqual({ status: 'success', message: 'Actualizada.', data: { id: 3, name: 'Otra' } });
    }
    expect((await app.inject({ method: 'PUT', url: '/api/v1/things/3', payload: {} })).statusCode).toBe(400);

    expect((await app.inject({ method: 'GET', url: '/api/v1/things' })).json()).toEqual({ data: [{ id: 1, name: 'page of {}' }] });
    expect((await app.inject({ method: 'GET', url: '/api/v1/things/5' })).json()).toEqual({ data: { id: 1, name: 'one' } });
    expect(list.found).toEqual([{ id: 12 }]);

    expect((await app.inject({ method: 'DELETE', url: '/api/v1/things/4' })).json()).toEqual({
      status: 'success',
      message: 'Eliminada.',
      data: { entry_id: 31, restorable_until: '2026-03-01T11:00:00.000Z' },
    });
    expect(calls).toEqual([['remove', 4]]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/things/9/deletion' })).json()).toEqual({
      status: 'success',
      message: null,
      data: { deletable: false, reason: 'Tiene hijas.' },
    });
  });

  it('puts a collection on another path with its params, and answers a detail without a list as its item', async () => {
    const list = fakeList();
    const dspIdParam = z.object({ dspId: recordIdParam });
    const routes = await build((app) =>
      resourceRoutes(app, {
        path: '/api/v1/clients',
        access: 'dsps.manage',
        tags: ['Clientes'],
        list,
        item,
        index: { path: '/api/v1/dsps/:dspId/clients', params: dspIdParam, summary: 'De una DSP' },
        create: {
          path: '/api/v1/dsps/:dspId/clients',
          params: dspIdParam,
          summary: 'Crea',
          body,
          message: 'Creado.',
          run: async (input, _actor, { dspId }) => ({ id: dspId, ...input }),
        },
      }),
    );
    expect(routes.map((route) => `${String(route.method)} ${route.url}`)).toEqual(['GET /api/v1/dsps/:dspId/clients', 'POST /api/v1/dsps/:dspId/clients']);
    expect((await app.inject({ method: 'GET', url: '/api/v1/dsps/4/clients' })).json()).toEqual({ data: [{ id: 1, name: 'page of {"dspId":4}' }] });
    expect((await app.inject({ method: 'POST', url: '/api/v1/dsps/4/clients', payload: { name: 'C' } })).json().data).toEqual({ id: 4, name: 'C' });
    await app.close();

    await build((app) =>
      resourceRoutes(app, { path: '/api/v1/subscriptions', access: 'signed-in', tags: ['S'], item, detail: { summary: 'Una', get: async (id) => ({ id, name: 'sola' }) } }),
    );
    expect((await app.inject({ method: 'GET', url: '/api/v1/subscriptions/6' })).json()).toEqual({ status: 'success', message: null, data: { id: 6, name: 'sola' } });
  });

  it('refuses to start when a route it declares lacks what it answers with', async () => {
    await expect(
      build((app) => resourceRoutes(app, { path: '/api/v1/things', access: 'signed-in', tags: [], index: { summary: 'Lista' } })),
    ).rejects.toThrow('resourceRoutes /api/v1/things: falta list');
  });
});
