/**
 * Hostile input never gets a 5xx. The property test that walks every route of the OpenAPI document
 * with generated bad input lives here, split in shards that separate test files run in parallel.
 */
import { errorEnvelope } from '@contract/common';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from './context';

/** A signed-in super admin for a test file; a hostile request that signs them out (logout) gets a new session. */
export function hostileSession() {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = await ctx.signIn();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const send = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await ctx.inject({ ...options, headers: { ...bearer(token), ...(options.headers as Record<string, string>) } });
    if (response.statusCode === 401) {
      const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      if (me.statusCode === 401) token = await ctx.signIn();
    }
    return response;
  };
  return { ctx: () => ctx, send };
}

export type HostileSession = ReturnType<typeof hostileSession>;

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
async function operations(ctx: TestContext): Promise<Operation[]> {
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

/**
 * The routes of the OpenAPI document in `parts` shards, one per test file so that they run in
 * parallel workers: shard `part` walks every `parts`-th route.
 */
export function describeHostileRoutes(part: number, parts: number, session: HostileSession) {
  const { send } = session;
  describe(`every route of the OpenAPI document, with generated bad input (${part + 1} of ${parts})`, () => {
    it('walks the whole document', async () => {
      const all = await operations(session.ctx());
      expect(all.length).toBeGreaterThan(30);
      expect(all.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
        expect.arrayContaining([
          'GET /api/v1/users/{id}',
          'POST /api/v1/roles/{id}/sync-permission',
          'POST /api/v1/sponsors',
          'POST /api/auth/login',
          'POST /api/v1/dsps/{dspId}/customers',
          'GET /api/v1/dsps/{dspId}/customer-plans',
          'PATCH /api/v1/entitlements/{id}/status',
          'GET /api/v1/sales',
          'GET /api/v1/sales/summary',
          'GET /api/v1/sales/export',
          'GET /api/v1/dsps/{dspId}/customers/export',
          'GET /api/v1/booking-dsps',
          'GET /api/v1/dsps/{dspId}/bookings',
          'POST /api/v1/dsps/{dspId}/bookings',
          'GET /api/v1/dsps/{dspId}/bookings/summary',
          'GET /api/v1/dsps/{dspId}/bookings/stats',
          'GET /api/v1/dsps/{dspId}/bookings/export',
          'PUT /api/v1/bookings/{id}',
          'PATCH /api/v1/bookings/{id}/status',
          'DELETE /api/v1/bookings/{id}',
          'POST /api/v1/saved-views',
          'PUT /api/v1/saved-views/{id}',
        ]),
      );
    });

    it('never answers 5xx, always the error envelope with a Spanish message', { timeout: 120_000 }, async () => {
      for (const operation of (await operations(session.ctx())).filter((_, index) => index % parts === part)) {
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
}
