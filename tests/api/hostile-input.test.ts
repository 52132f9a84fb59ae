/**
 * Hostile input never gets a 5xx: every bad id, query or body is a 4xx with the error envelope
 * and a Spanish message. First the cases a security review found, one by one; then half of the
 * property test that walks every route of the OpenAPI document with generated bad input (the other
 * half is hostile-routes.test.ts, so the two run in parallel).
 */
import { idParam } from '@contract/common';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_INPUT_DEPTH, registerInputSanitation } from '../../server/http/sanitize';
import { multipart } from './support/context';
import { describeHostileRoutes, hostileSession } from './support/hostile-routes';

const session = hostileSession();
const { send } = session;

const form = (fields: Record<string, string>): InjectOptions => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const BAD_ID = 'El identificador no es válido.';
const NUL_IN_FIELD = 'Contiene caracteres no válidos (carácter nulo o sustituto suelto).';

describe('ids that cannot exist', () => {
  const routes: [method: InjectOptions['method'], path: string][] = [
    ['GET', '/api/v1/users/{id}'],
    ['PUT', '/api/v1/users/{id}'],
    ['DELETE', '/api/v1/users/{id}'],
    ['GET', '/api/v1/sponsors/{id}'],
    ['PUT', '/api/v1/sponsors/{id}'],
    ['DELETE', '/api/v1/sponsors/{id}'],
    ['GET', '/api/v1/campaigns/{id}'],
    ['PUT', '/api/v1/campaigns/{id}'],
    ['DELETE', '/api/v1/campaigns/{id}'],
    ['GET', '/api/v1/countries/{id}'],
    ['PUT', '/api/v1/countries/{id}'],
    ['DELETE', '/api/v1/countries/{id}'],
    ['GET', '/api/v1/roles/{id}'],
    ['POST', '/api/v1/roles/{id}/sync-permission'],
  ];

  it.each(routes)('%s %s: above 2³¹−1 (PostgreSQL integer) is a 400, not a database error', async (method, path) => {
    for (const id of ['2147483648', '99999999999', '99999999999999999999999']) {
      const url = path.replace('{id}', id);
      const response = await send({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: BAD_ID });
    }
  });

  it('answers every non-canonical id the same way, on every route', async () => {
    for (const id of ['0', '-1', '007', '1e3', '1.0', '0x10', '%201', '1%20', '+1', 'abc', '%EF%BC%91']) {
      const response = await send({ method: 'GET', url: `/api/v1/users/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message, id).toBe(BAD_ID);
    }
  });

  it('keeps the largest possible id a plain 404', async () => {
    const response = await send({ method: 'GET', url: '/api/v1/countries/2147483647' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps the server from starting when a route reads a path id without the one id parser', async () => {
    const start = async (params?: z.ZodType) => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      registerInputSanitation(app);
      await app.register(async (child) => {
        child.get('/things/:thingId', params ? { schema: { params } } : {}, async () => null);
      });
      await app.ready();
      await app.close();
    };
    await expect(start()).rejects.toThrow('La ruta GET /things/:thingId no valida thingId con recordIdParam');
    await expect(start(z.object({ thingId: z.coerce.number().int().positive() }))).rejects.toThrow(/no valida thingId/);
    await expect(start(idParam)).rejects.toThrow(/no valida thingId/);
    await expect(start(z.object({ thingId: idParam.shape.id }))).resolves.toBeUndefined();
  });

  it('refuses a body id above 2³¹−1 as an invalid field', async () => {
    const user = {
      dni: 'DNI-ID',
      name: 'Persona',
      email: 'id-grande@panel.test',
      phone: '+57 300 000 0001',
      password: 'Trébol-Azul-2026!',
      roles: ['OPERATOR'],
    };
    const bodies: [url: string, payload: Record<string, unknown>, field: string][] = [
      ['/api/v1/users', { ...user, country_id: 2147483648 }, 'country_id'],
      ['/api/v1/sponsors', { name: 'Andes', country_id: 2147483648 }, 'country_id'],
      ['/api/v1/campaigns', { name: 'Campaña', sponsor_id: 2147483648 }, 'sponsor_id'],
    ];
    for (const [url, payload, field] of bodies) {
      const response = await send({ method: 'POST', url, payload });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors), url).toContain(field);
    }
  });

  it('refuses a filter id above 2³¹−1 with the filter named', async () => {
    const response = await send({ method: 'GET', url: '/api/v1/sponsors?filter[country_id]=2147483648' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('El filtro country_id debe ser un identificador numérico.');
  });
});

describe('text PostgreSQL cannot store', () => {
  const expectRefusedField = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      message: `El campo ${field} contiene caracteres no válidos.`,
      errors: { [field]: [NUL_IN_FIELD] },
    });
  };

  it('refuses a NUL in a country, as JSON, form and multipart', async () => {
    expectRefusedField(await send({ method: 'POST', url: '/api/v1/countries', payload: { name: 'Nulandia\u0000' } }), 'name');
    expectRefusedField(await send({ method: 'POST', url: '/api/v1/countries', ...form({ name: 'Nulandia\u0000' }) }), 'name');
    const body = await multipart({ name: 'Nulandia\u0000' });
    expectRefusedField(await send({ method: 'POST', url: '/api/v1/countries', payload: body.payload, headers: body.headers }), 'name');
    const list = await send({ method: 'GET', url: '/api/v1/countries?filter[q]=Nulandia' });
    expect(list.json().data.total).toBe(0);
  });

  it('refuses a NUL in a sponsor, on create and on update', async () => {
    const body = await multipart({ name: 'Andes\u0000', country_id: '1' });
    expectRefusedField(await send({ method: 'POST', url: '/api/v1/sponsors', payload: body.payload, headers: body.headers }), 'name');
    const created = await send({ method: 'POST', url: '/api/v1/sponsors', payload: { name: 'Andes', country_id: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expectRefusedField(await send({ method: 'PUT', url: `/api/v1/sponsors/${id}`, payload: { name: 'Andes', country_id: 1, website_url: 'https://a\u0000.test' } }), 'website_url');
  });

  it('refuses a NUL in a user', async () => {
    const payload = {
      dni: 'DNI-NUL',
      name: 'Persona\u0000Nula',
      email: 'nula@panel.test',
      phone: '+57 300 000 0000',
      password: 'Trébol-Azul-2026!',
      roles: ['OPERATOR'],
    };
    expectRefusedField(await send({ method: 'POST', url: '/api/v1/users', payload }), 'name');
  });

  it('refuses a NUL in a permission name, naming the list entry', async () => {
    const roles = await send({ method: 'GET', url: '/api/v1/roles?filter[q]=OPERATOR' });
    const id = roles.json().data.data[0].id as number;
    expectRefusedField(await send({ method: 'POST', url: `/api/v1/roles/${id}/sync-permission`, payload: { permissions: ['users.manage\u0000'] } }), 'permissions.0');
  });

  it('refuses a lone surrogate (the driver would store U+FFFD instead) but keeps real emoji and control characters', async () => {
    const lone = await send({
      method: 'POST',
      url: '/api/v1/countries',
      payload: '{"name":"Tierra \\ud83c"}',
      headers: { 'content-type': 'application/json' },
    });
    expectRefusedField(lone, 'name');
    const emoji = await send({ method: 'POST', url: '/api/v1/countries', payload: { name: 'Tierra \ud83c\udf0e\tdel sur' } });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().data.name).toBe('Tierra \ud83c\udf0e\tdel sur');
  });

  it('refuses a NUL in a field name', async () => {
    expectRefusedField(await send({ method: 'POST', url: '/api/v1/countries', payload: { name: 'Tierra', 'co\u0000de': 'X' } }), 'co\\0de');
  });

  it('refuses a NUL in the query string and in the path, naming the parameter', async () => {
    const filter = await send({ method: 'GET', url: '/api/v1/users?filter[q]=a%00b' });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe('El parámetro filter[q] contiene caracteres no válidos (carácter nulo o sustituto suelto).');
    const other = await send({ method: 'GET', url: '/api/auth/me?x=%00' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/^El parámetro x contiene caracteres no válidos/);
    const path = await send({ method: 'GET', url: '/api/v1/users/1%00' });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toMatch(/^El parámetro id contiene caracteres no válidos/);
  });

  it(`refuses a JSON body nested deeper than ${MAX_INPUT_DEPTH} levels`, async () => {
    const deep = `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await send({ method: 'POST', url: '/api/v1/countries', payload: deep, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`El cuerpo de la petición tiene demasiados niveles de anidamiento (máximo ${MAX_INPUT_DEPTH}).`);
  });
});

describe('prototype names as filter values', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('filter[is_active]=%s is a 400 that lists the values', async (value) => {
    const response = await send({ method: 'GET', url: `/api/v1/users?filter[is_active]=${value}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'El filtro is_active admite 1, 0, true o false.' });
  });

  it('still filters by 1/0/true/false', async () => {
    for (const value of ['1', 'TRUE', 'true']) {
      const response = await send({ method: 'GET', url: `/api/v1/users?filter[is_active]=${value}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.data.every((user: { is_active: boolean }) => user.is_active)).toBe(true);
    }
    expect((await send({ method: 'GET', url: '/api/v1/users?filter[is_active]=0' })).json().data.total).toBe(0);
  });
});

describeHostileRoutes(0, 2, session);
