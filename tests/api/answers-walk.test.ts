import { AUDIT_RESOURCES } from '@contract/audit-names';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditLog } from '../../server/db/schema';
import { seedDemoConnectors } from '../../server/db/seed/demo-connectors';
import type { AnswerRoute } from '../../server/http/list';
import { createCredentialBox } from '../../server/security/credentials';
import { bearer, TEST_APP_KEY } from './support/context';
import { onDemoData } from './support/demo-context';

/**
 * Every list and detail the app answers, as its routes say (the routes whose querystring is a list's
 * or a detail's, collected as fastify adds them, and each list's `/:id` detail), asked for on the
 * demo data with every include and each set of sparse fields: the keys written are exactly the
 * contract item's (its fields, which are its X_FIELDS, and the relations included), at every depth.
 */
const demo = onDemoData('answers-walk');
beforeAll(() => seedDemoConnectors(demo.ctx.db, createCredentialBox(Buffer.from(TEST_APP_KEY, 'base64'))));

type Json = Record<string, unknown>;

/** The keys every answer of `item` carries: all but its optional ones (the relations `include` adds). */
const fieldKeysOf = (item: z.ZodObject): string[] => Object.keys(item.shape).filter((key) => item.shape[key]!._zod.optout !== 'optional');

/**
 * Holds `written` (an item, or null, or an array of items) to `item` with `includes` and `fields`,
 * at every depth. Under a relation, the related item may carry relations of its own unasked (a
 * plan's services their category), but never a key its contract lacks.
 */
function expectKeys(written: unknown, item: z.ZodObject, includes: readonly string[], fields: readonly string[] | null, where: string, nested = false): void {
  if (written === null) return;
  if (Array.isArray(written)) {
    for (const [at, one] of written.entries()) expectKeys(one, item, includes, fields, `${where}[${at}]`, nested);
    return;
  }
  const relations = [...new Set(includes.map((path) => path.split('.')[0]!))];
  const expected = [...(fields ?? fieldKeysOf(item)), ...relations];
  const unasked = nested ? Object.keys(written as Json).filter((key) => !expected.includes(key) && item.shape[key]?._zod.optout === 'optional') : [];
  expect(Object.keys(written as Json).sort(), where).toEqual([...new Set([...expected, ...unasked])].sort());
  for (const relation of relations) {
    const under = includes.filter((path) => path.startsWith(`${relation}.`)).map((path) => path.slice(relation.length + 1));
    expectKeys((written as Json)[relation], objectOf(item, relation)!, under, null, `${where}.${relation}`, true);
  }
  // A field that holds an object (a sale's customer, a customer's meta) holds that object's keys: its required ones, and no key it lacks.
  for (const key of fields ?? fieldKeysOf(item)) {
    const related = objectOf(item, key);
    const value = (written as Json)[key];
    for (const [at, one] of (Array.isArray(value) ? value : [value]).entries()) {
      if (!related || typeof one !== 'object' || one === null) continue;
      const keys = Object.keys(one as Json);
      expect(keys.filter((name) => !(name in related.shape)), `${where}.${key}[${at}]`).toEqual([]);
      expect(fieldKeysOf(related).filter((name) => !keys.includes(name)), `${where}.${key}[${at}]`).toEqual([]);
    }
  }
}

/** The object schema a key holds (unwrapped from optional, nullable and array), or null when it holds no fixed object (free JSON, a record). */
function objectOf(item: z.ZodObject, key: string): z.ZodObject | null {
  let schema = item.shape[key] as z.ZodType;
  for (;;) {
    const def = schema._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType };
    if (def.type === 'object') return schema as z.ZodObject;
    const inner = def.innerType ?? def.element;
    if (!inner) return null;
    schema = inner;
  }
}

let asked = 0;
const get = async (url: string): Promise<{ status: number; body: Json }> => {
  asked += 1;
  const response = await demo.ctx.inject({ method: 'GET', url, headers: bearer(demo.token) });
  return { status: response.statusCode, body: response.json() as Json };
};

/** The items of an answer: a list's page or a detail's one item. */
const itemsOf = (kind: 'list' | 'detail', body: Json): Json[] => (kind === 'list' ? ((body.data as Json).data as Json[]) : [body.data as Json]);

describe('every list and detail, with every include and each sparse field', () => {
  it('writes exactly the contract’s keys', { timeout: 600_000 }, async () => {
    const app = demo.ctx.app;
    const answers = app.answerRoutes().filter((route) => route.method === 'GET');
    const gets = new Set(
      app
        .routeAccess()
        .filter((route) => route.method === 'GET')
        .map((route) => route.url),
    );
    // Each list's `/:id` detail that takes no include (answered by its zod schema) is walked too.
    const routes: AnswerRoute[] = [...answers];
    for (const list of answers.filter((route) => route.kind === 'list')) {
      const detail = `${list.url}/:id`;
      if (gets.has(detail) && !answers.some((route) => route.url === detail)) routes.push({ ...list, method: 'GET', url: detail, kind: 'detail', includes: [], fields: undefined });
    }
    expect(routes.filter((route) => route.kind === 'list').length).toBeGreaterThan(15);

    // The demo data has no change history: one entry of every resource for each record a history lists.
    const historied = new Set<number>();
    const writeHistory = async (ids: number[]) => {
      const fresh = ids.filter((id) => !historied.has(id));
      if (fresh.length === 0) return;
      for (const id of fresh) historied.add(id);
      await demo.ctx.db.insert(auditLog).values(
        fresh.flatMap((id) => AUDIT_RESOURCES.map((resource) => ({ action: 'update' as const, resource, resourceId: id, actorName: 'Demo', resourceLabel: `#${id}` }))),
      );
    };

    /** The ids of the records of a resource (its path segment: 'dsps', 'customers'), from the first page of its lists. */
    const idsCache = new Map<string, number[]>();
    const idsOf = async (resource: string): Promise<number[]> => {
      if (!idsCache.has(resource)) {
        const ids: number[] = [];
        for (const list of answers.filter((route) => route.kind === 'list' && route.url.endsWith(`/${resource}`))) {
          const url = await resolved(list);
          if (!url) continue;
          const { body } = await get(`${url}${url.includes('?') ? '&' : '?'}limit=50`);
          ids.push(...itemsOf('list', body).map((item) => item.id as number));
        }
        idsCache.set(resource, [...new Set(ids)]);
      }
      return idsCache.get(resource)!;
    };

    /** The route's URL with its parameters set so that it answers items (null when no record makes it). */
    async function resolved(route: AnswerRoute): Promise<string | null> {
      const segments = route.url.split('/');
      const at = segments.findIndex((segment) => segment.startsWith(':'));
      if (at === -1) return route.url;
      const candidates = await idsOf(segments[at - 1]!);
      if (route.url.endsWith('/history')) await writeHistory(candidates.slice(0, 3));
      for (const id of candidates.slice(0, 20)) {
        const url = [...segments.slice(0, at), String(id), ...segments.slice(at + 1)].join('/');
        const full = url.includes('/:') ? await resolved({ ...route, url }) : url;
        if (!full) continue;
        const { status, body } = await get(full);
        if (status === 200 && itemsOf(route.kind, body).length > 0) return full;
      }
      return null;
    }

    for (const route of routes) {
      const url = await resolved(route);
      expect(url, `${route.url}: no record of the demo data gives it items`).not.toBeNull();
      const ask = async (query: string, includes: readonly string[], fields: readonly string[] | null) => {
        const target = `${url}?${route.kind === 'list' ? 'limit=5&' : ''}${query}`;
        const { status, body } = await get(target);
        expect(status, `${target}: ${JSON.stringify(body)}`).toBe(200);
        const items = itemsOf(route.kind, body);
        expect(items.length, target).toBeGreaterThan(0);
        expectKeys(items, route.item, includes, fields, target);
      };

      // The fields are the contract's, and its X_FIELDS name exactly them.
      if (route.fields) expect([...route.fields].sort(), route.url).toEqual(fieldKeysOf(route.item).sort());
      await ask('', [], null);
      if (route.includes.length > 0) await ask(`include=${route.includes.join(',')}`, route.includes, null);
      if (route.fields) {
        const include = route.includes.length > 0 ? `&include=${route.includes.join(',')}` : '';
        await ask(`fields=${route.fields.join(',')}${include}`, route.includes, route.fields);
        for (const field of route.fields) await ask(`fields=${field}`, [], [field]);
      }
    }
    expect(asked).toBeGreaterThan(routes.length * 3);
  });
});
