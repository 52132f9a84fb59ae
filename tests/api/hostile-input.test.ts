/**
 * Hostile input never gets a 5xx: every bad id, query or body is a 4xx with the error envelope
 * and a Spanish message. First the cases a security review found, one by one; then a property
 * test that walks every route of the OpenAPI document with generated bad input.
 */
import { errorEnvelope, idParam } from '@contract/common';
import fc from 'fast-check';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_INPUT_DEPTH, registerInputSanitation } from '../../server/http/sanitize';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

/** As the super admin; a hostile request that signs the admin out (logout) gets a new session. */
async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await ctx.inject({ ...options, headers: { ...bearer(token), ...(options.headers as Record<string, string>) } });
  if (response.statusCode === 401) {
    const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    if (me.statusCode === 401) token = await ctx.signIn();
  }
  return response;
}

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
      expect(response.json()).toEqual({ status: 'error', message: BAD_ID });
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
    expect(response.json()).toEqual({ status: 'error', message: 'El filtro is_active admite 1, 0, true o false.' });
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

// ---------------------------------------------------------------------------------------------
// Every route of the OpenAPI document, with generated bad input.
// ---------------------------------------------------------------------------------------------

/** Fixed, so a run is repeatable; HOSTILE_SEED=<n> explores others. fast-check prints the seed of a failure. */
const SEED = Number(process.env.HOSTILE_SEED ?? 20_240_611);
/** Per route: about 40 routes × 30 requests take 10–20 s on two cores. */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 30);

/** Spanish, not a framework's English default: at least one Spanish word or letter, no English tell-tales. */
const looksSpanish = (message: string) =>
  /[áéíóúñ¿¡]|\b(el|la|los|las|no|de|del|un|una|es|se|debe|para|con|en|por)\b/i.test(message) &&
  !/\b(the|invalid|must|request|body|unsupported|not found|bad)\b/i.test(message);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A value too big to print (a 100 KB string, a 2,000-level nesting): a counterexample shows its
 * description, the request carries the real thing.
 */
class Large {
  constructor(
    readonly description: string,
    readonly build: () => Json,
  ) {}
  [fc.toStringMethod](): string {
    return this.description;
  }
}
type Generated = Json | Large | Generated[];

const real = (value: Generated): Json => (value instanceof Large ? value.build() : Array.isArray(value) ? value.map(real) : value);

/** Nested `depth` levels deep, as arrays or objects. */
const nested = (depth: number, asArray: boolean): Large =>
  new Large(`nested(${depth}, ${asArray ? 'arrays' : 'objects'})`, () => {
    let value: Json = 'x';
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

const huge = new Large('"x" × 100000', () => 'x'.repeat(100_000));

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const hostileText = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, 'a\u0000b', '\u0000', '\ud800', 'x\udfff', '2147483648', '99999999999', '-1', '0', '1e3', ' 1', '', ' ', '1,2', 'ACTIVE,\u0000', 'null', '[]', '{}', '%00', '../../etc/passwd', '<script>'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant(huge),
);

const hostileId = fc.oneof(
  fc.constantFrom('2147483648', '99999999999', '-1', '0', '1e3', '%201', '%00', '007', '1.5', '0x10', 'abc', '%EF%BC%91', '__proto__', 'constructor', '2147483647'),
  fc.bigInt({ min: 2_147_483_648n, max: 10n ** 40n }).map(String),
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => encodeURIComponent(text)),
);

/** A query: known and unknown names, filters, brackets and repeats, with hostile values. */
const hostileQuery = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom('q', 'sort', 'include', 'fields', 'page', 'limit', '_', 'filter', 'per_page'),
      fc.constantFrom('filter[q]', 'filter[is_active]', 'filter[country_id]', 'filter[sponsor_id]', 'filter[status]', 'filter[role]'),
      fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.boolean()).map(([key, asFilter]) => (asFilter ? `filter[${key}]` : key)),
      fc.integer({ min: 2, max: 40 }).map((depth) => `filter${'[a]'.repeat(depth)}`),
      fc.string({ maxLength: 20 }),
      fc.constant('k'.repeat(5_000)),
    ),
    fc.oneof(hostileText.map((value) => [value]), fc.array(hostileText, { minLength: 2, maxLength: 3 })),
  ),
  { maxLength: 4 },
);

const hostileValue: fc.Arbitrary<Generated> = fc.oneof(
  hostileText,
  fc.constantFrom(2147483648, 99999999999, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, true, false, null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.tuple(fc.integer({ min: 2, max: 2_000 }), fc.boolean()).map(([depth, asArray]) => nested(depth, asArray)),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/**
 * One change to a valid body: a hostile value in place of the field's own, NUL or a lone
 * surrogate appended to it (so the rest of the body stays valid and the value reaches the
 * database), or the field left out.
 */
class Mutation {
  constructor(
    readonly description: string,
    readonly apply: (base: Json | undefined) => Json | undefined,
  ) {}
  [fc.toStringMethod](): string {
    return this.description;
  }
}

const poison = (base: Json | undefined, char: string): Json => {
  if (typeof base === 'string') return `${base}${char}`;
  if (Array.isArray(base)) return [...base.map((item) => (typeof item === 'string' ? `${item}${char}` : item)), `x${char}`];
  return `${base ?? 'x'}${char}`;
};

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: hostileValue.map((value) => new Mutation(`= ${fc.stringify(value)}`, () => real(value))) },
  { weight: 2, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff').map((char) => new Mutation(`+ ${JSON.stringify(char)}`, (base) => poison(base, char))) },
  { weight: 1, arbitrary: fc.constant(new Mutation('left out', () => undefined)) },
);

/** Which fields to change: mostly the route's own (from its schema), plus prototype keys and strangers. */
const hostileFields = (known: string[]) =>
  fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('name') },
        { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, '_method', 'a\u0000b', 'a[b', 'a]b', 'x[0][1][2][3][4][5][6]') },
        { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
      ),
      mutation,
    ),
    { minLength: 1, maxLength: 3 },
  );

interface PropertySchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: Json[];
}

/** Values that pass each field's validation, so that the one hostile change is what the API meets. */
const VALID_BY_NAME = new Map<string, Json>([
  ['email', 'hostil@panel.test'],
  // Never the admin's: a generated body must not change the password the test signs in with.
  ['current_password', 'No-Es-La-Clave-1'],
  ['password', 'Trébol-Azul-2026!'],
  ['password_confirmation', 'Trébol-Azul-2026!'],
  ['roles', ['OPERATOR']],
  ['permissions', ['users.manage']],
  ['country_id', 1],
  ['sponsor_id', 1],
  ['start_date', '2026-01-01'],
  ['end_date', '2026-12-31'],
  ['website_url', 'https://ejemplo.test'],
]);
const PATTERN_SAMPLES = ['123456', 'ZZ'];

function validValue(name: string, schema: PropertySchema): Json | undefined {
  if (VALID_BY_NAME.has(name)) return VALID_BY_NAME.get(name);
  if (schema.format === 'binary') return undefined;
  if (schema.enum) return schema.enum[0];
  if (schema.pattern) return PATTERN_SAMPLES.find((sample) => new RegExp(schema.pattern!).test(sample));
  if (schema.type === 'string') return 'Texto de prueba';
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  return undefined;
}

/** The valid body with the changes applied, in order (a changed field keeps its place). */
function mutate(base: [string, Json][], changes: [string, Mutation][]): [string, Json][] {
  const entries = new Map(base);
  for (const [field, change] of changes) {
    const value = change.apply(entries.get(field));
    if (value === undefined) entries.delete(field);
    else entries.set(field, value);
  }
  return [...entries];
}

type Encoding = 'json' | 'form' | 'multipart' | 'json-scalar';

/** JSON written by hand, so prototype keys stay own keys of the text. */
const jsonText = (entries: [string, Json][]) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;

/** PHP-style bracket pairs, as a form sends them (`a[0][b]=x`); iterative, for the deep ones. */
function bracketPairs(root: string, rootValue: Json, out: [string, string][]): void {
  const stack: [string, Json][] = [[root, rootValue]];
  while (stack.length > 0 && out.length <= 1_500) {
    const [key, value] = stack.pop()!;
    if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
      for (const [inner, item] of entries.reverse()) stack.push([`${key}[${inner}]`, item]);
    } else out.push([key, String(value)]);
  }
}

async function encodeBody(encoding: Encoding, entries: [string, Json][], scalar: Json): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  if (encoding === 'json-scalar') return { payload: JSON.stringify(scalar), headers: { 'content-type': 'application/json' } };
  if (encoding === 'json') return { payload: jsonText(entries), headers: { 'content-type': 'application/json' } };
  const pairs: [string, string][] = [];
  for (const [key, value] of entries) bracketPairs(key, value, pairs);
  if (encoding === 'form') {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  const data = new FormData();
  for (const [key, value] of pairs) data.append(key, value);
  data.append('logo', new Blob([new Uint8Array([0x00, 0x3c, 0x73, 0x76, 0x67])]), 'logo\u0000.svg');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

interface Operation {
  method: string;
  path: string;
  /** A body that passes the route's validation, as [field, value] pairs. */
  validBody: [string, Json][];
  encodings: Encoding[];
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, PropertySchema> } }> };
}

/** Every operation of the served OpenAPI document (which lists each route's schemas). */
async function operations(): Promise<Operation[]> {
  await ctx.app.ready();
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const properties = Object.values(operation.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
      const validBody = Object.entries(properties).flatMap(([name, schema]): [string, Json][] => {
        const value = validValue(name, schema);
        return value === undefined ? [] : [[name, value]];
      });
      // Bad bodies go to every writing route, in each encoding the API reads.
      const encodings: Encoding[] = method === 'get' ? [] : ['json', 'form', 'multipart', 'json-scalar'];
      found.push({ method: method.toUpperCase(), path, validBody, encodings });
    }
  }
  return found;
}

describe('every route of the OpenAPI document, with generated bad input', () => {
  it('walks the whole document', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(30);
    expect(all.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/users/{id}', 'POST /api/v1/roles/{id}/sync-permission', 'POST /api/v1/sponsors', 'POST /api/auth/login']),
    );
  });

  it('never answers 5xx, always the error envelope with a Spanish message', { timeout: 120_000 }, async () => {
    for (const operation of await operations()) {
      const request = fc.record({
        id: fc.oneof({ weight: 2, arbitrary: hostileId }, { weight: 1, arbitrary: fc.constant('2147483647') }),
        query: hostileQuery,
        encoding: operation.encodings.length > 0 ? fc.constantFrom(...operation.encodings) : fc.constant(null),
        fields: hostileFields(operation.validBody.map(([name]) => name)),
        scalar: hostileValue,
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ id, query, encoding, fields, scalar }) => {
          const params = new URLSearchParams();
          for (const [key, values] of query) for (const value of values) params.append(key, String(real(value)));
          const search = params.size > 0 ? `?${params.toString()}` : '';
          const url = `${operation.path.replace(/\{[^}]+\}/g, id)}${search}`;
          const body = encoding ? await encodeBody(encoding, mutate(operation.validBody, fields), real(scalar)) : {};
          const response = await send({ method: operation.method as InjectOptions['method'], url, ...body });
          const label = `${operation.method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const envelope = errorEnvelope.safeParse(response.json());
            expect(envelope.success, label).toBe(true);
            expect(looksSpanish(envelope.data!.message), label).toBe(true);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  });
});
