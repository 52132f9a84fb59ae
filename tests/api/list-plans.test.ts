/**
 * Every list answers at the speed of its SQL on a large operator's data: each statement a list
 * call sends can be served by an index (no sequential scan of a table that grows with the
 * operator), and a page costs a fixed number of statements whatever its size (no query per row).
 *
 * The planner prefers a sequential scan on a test-sized table, so the plans are taken with
 * `enable_seqscan = off`: a sequential scan that remains is one no index can replace.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql, type Table } from 'drizzle-orm';
import { AUDIT_RESOURCES } from '@contract/audit-names';
import {
  apiClients,
  auditLog,
  bookings,
  campaignCategories,
  campaigns,
  categories,
  connectors,
  customers,
  dspPlans,
  dsps,
  plans,
  services,
  sponsors,
  users,
} from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed/demo';
import type { AnswerRoute } from '../../server/http/list';
import { createUploadsStorage } from '../../server/storage';
import { bearer, createTestContext, type TestContext } from './support/context';
import { LARGE_TABLES, captureStatements, fullTableReads, isSessionTouch, type Statement } from './support/query-plans';
import { tempDataDir } from './support/uploads';

const data = tempDataDir('list-plans');
const ctx: TestContext = await createTestContext({ dataDir: data.dir });
afterAll(async () => {
  await ctx.close();
  data.cleanup();
});
const token = await ctx.signIn();
await seedDemo(ctx.db, createUploadsStorage(data.dir));
// A DSP that takes bookings, so that its customers and bookings lists hold rows.
const dspId: number = (await ctx.inject({ method: 'GET', url: '/api/v1/booking-dsps', headers: bearer(token) })).json().data[0].id;
// The demo has no connector: one, so that its list and history hold a row.
const [offered] = await ctx.db.select({ planId: dspPlans.planId }).from(dspPlans).where(eq(dspPlans.dspId, dspId)).limit(1);
const connector = await ctx.inject({
  method: 'POST',
  url: `/api/v1/dsps/${dspId}/connectors`,
  headers: bearer(token),
  payload: {
    key: 'reservas-api', driver: 'api', type: 'BOOKING', settings: { endpoint: 'https://dsp.example.com/api', method: 'POST' },
    plans: [{ plan_id: offered!.planId, external_plan_id: 'EXT-1' }],
  },
});
if (connector.statusCode !== 201) throw new Error(connector.body);
/** A demo record of each kind for the `{id}` in paths ('campaigns' → its first id). */
const ids: Record<string, number> = {};
const tables: Record<string, Table> = {
  bookings,
  'campaign-categories': campaignCategories,
  campaigns,
  categories,
  clients: apiClients,
  connectors,
  customers,
  dsps,
  plans,
  services,
  sponsors,
  users,
};
for (const [kind, table] of Object.entries(tables)) {
  const [first] = await ctx.db.select({ id: sql<number>`min(id)` }).from(table);
  ids[kind] = first!.id;
}
// The demo has no change history: an entry of every resource for each of those records, so that each history holds rows.
await ctx.db.insert(auditLog).values(
  Object.values(ids).flatMap((id) => AUDIT_RESOURCES.map((resource) => ({ action: 'update' as const, resource, resourceId: id, actorName: 'Demo', resourceLabel: `#${id}` }))),
);

const fill = (path: string) =>
  path.replace('{dspId}', String(dspId)).replace(/\/([a-z-]+)\/\{id\}/, (_, kind: string) => `/${kind}/${ids[kind]}`);
const fillQuery = (query: string) => query.replace(/\{(\w+)\}/g, (_, kind: string) => String(ids[kind]));
const get = (path: string, query: string) => ctx.inject({ method: 'GET', url: `${fill(path)}?${fillQuery(query)}`, headers: bearer(token) });

/**
 * The calls a list's declaration (`defineList`) gives: the default page, each filter with a value
 * the list takes, each sort both ways, every include, a deep page. A filter's value is one a row
 * of the list holds under that name (a day for a time), else the first of a text, an id or a flag,
 * a day or a UUID (a bulk call's batch_id) that the list takes.
 */
async function declaredCalls(list: AnswerRoute): Promise<{ calls: string[]; unvalued: string[] }> {
  const path = list.url.replace(/:(\w+)/g, '{$1}');
  const rows = (await get(path, 'limit=50')).json().data.data as Record<string, unknown>[];
  const calls = ['', 'page=2&limit=2'];
  if (list.includes.length > 0) calls.push(`include=${list.includes.join(',')}`);
  for (const sort of list.sorts) calls.push(`sort=${sort}`, `sort=-${sort}`);
  const unvalued: string[] = [];
  for (const filter of list.filters) {
    const own = rows.map((row) => row[filter]).find((value) => value !== null && value !== undefined && value !== '');
    const ownValue = typeof own === 'boolean' ? (own ? '1' : '0') : typeof own === 'string' || typeof own === 'number' ? String(own).replace(/^(\d{4}-\d{2}-\d{2})T.*/, '$1') : undefined;
    let taken: string | undefined;
    for (const value of [ownValue, 'ana', '1', '2026-01-01', '5f0c6d8e-2b1a-4c3d-9e8f-0a1b2c3d4e5f']) {
      if (value === undefined || value === '') continue;
      const call = `filter[${filter}]=${encodeURIComponent(value)}`;
      if ((await get(path, call)).statusCode === 200) {
        taken = call;
        break;
      }
    }
    if (taken) calls.push(taken);
    else unvalued.push(filter);
  }
  return { calls, unvalued };
}

/** Each list the app answers through `defineList`, by its documented path, with its declared calls. */
const declared = new Map<string, { calls: string[]; unvalued: string[] }>();
for (const list of ctx.app.answerRoutes().filter((route) => route.kind === 'list' && route.method === 'GET')) {
  declared.set(list.url.replace(/:(\w+)/g, '{$1}'), await declaredCalls(list));
}

/**
 * The calls staff send that no declaration gives: a search with the page's sort, filters together,
 * a deep page with a sort or an include. Paths are the documented ones, `{…}` filled from the demo.
 * A list without a `defineList` declaration lists all its calls here.
 * (bench:api's CASES time the heavy ones on the scale data, with that data's terms.)
 */
const LIST_CALLS: Record<string, string[]> = {
  '/api/v1/sponsors': ['filter[q]=andes&sort=name', 'include=country&sort=-created_at&page=3&limit=2'],
  // The history's lines with a filter, a page past the first.
  '/api/v1/audit': ['filter[resource]=booking&page=2&limit=2'],
  '/api/v1/campaigns': ['filter[q]=salud&sort=name', 'filter[sponsor_id]={sponsors}&filter[status]=ACTIVE&include=sponsor,country', 'page=3&limit=2&sort=-budget'],
  '/api/v1/campaigns/{id}/plans': ['filter[q]=plan&include=services'],
  '/api/v1/plans': ['filter[q]=basico&sort=name', 'filter[campaign_id]={campaigns}&include=campaign,services'],
  '/api/v1/services': ['filter[q]=asistencia&sort=name', 'page=2&limit=2&include=plan,category'],
  '/api/v1/categories': ['filter[q]=hogar&sort=name'],
  '/api/v1/users': ['filter[q]=admin&sort=name', 'filter[role]=admin&filter[is_active]=1', 'page=2&limit=1&sort=email'],
  '/api/v1/roles': ['filter[q]=oper&sort=name'],
  '/api/v1/dsps': ['filter[q]=andes&sort=name', 'filter[type]=BOOKING&filter[enabled]=1&include=sponsor,country,plans,users'],
  '/api/v1/dsps/{id}/users': ['filter[q]=a&sort=-name'],
  '/api/v1/dsps/{dspId}/connectors': ['filter[q]=api&include=plans'],
  '/api/v1/dsps/{dspId}/customers': ['filter[q]=maria&sort=name', 'filter[dni]=10&include=entitlements,entitlements.plan'],
  '/api/v1/dsps/{dspId}/bookings': [
    'filter[q]=ag-&include=customer,entitlement,entitlement.plan,plan,dsp,service',
    'filter[status]=PENDING&filter[scheduled_at]=2026-01-01,2027-12-31&tz=America/Bogota',
    'page=2&limit=3&sort=scheduled_at',
  ],
  '/api/v1/sales': ['filter[q]=maria&filter[status]=pagado', 'filter[dsp_id]={dsps}&filter[from]=2020-01-01&filter[to]=2030-01-01&page=2&limit=2'],
};

/** The parameters a call names, as one key: two calls with the same ones differ only in their values. */
const paramsOf = (query: string) => [...new URLSearchParams(query).keys()].sort().join('&');

const calls = [...new Set([...declared.keys(), ...Object.keys(LIST_CALLS)])].flatMap((path) =>
  [...(declared.get(path)?.calls ?? []), ...(LIST_CALLS[path] ?? [])].map((query) => [path, query] as const),
);

/**
 * The stored secrets a list never needs: a page of customers or API clients shows neither their
 * password's nor their secret's hash (the presenters drop them, and the lists do not read them).
 */
const SECRET_COLUMNS = /"(password_hash|client_secret_hash|code_hash)"/;

/** The statements one list call sends, answered 200; made once and read by each check below. */
const sent = new Map<string, Promise<Statement[]>>();
const statementsOf = (path: string, query: string): Promise<Statement[]> => {
  const url = `${fill(path)}?${fillQuery(query)}`;
  let statements = sent.get(url);
  if (!statements) {
    statements = captureStatements(ctx.db, () => ctx.inject({ method: 'GET', url, headers: bearer(token) })).then(({ statements: found, result }) => {
      expect(result.statusCode, result.body).toBe(200);
      return found;
    });
    sent.set(url, statements);
  }
  return statements;
};

describe('the list endpoints on a large operator’s data', () => {
  it('covers every list the API documents', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }>;
    };
    const lists = Object.entries(paths)
      .filter(([, methods]) => JSON.stringify(methods.get?.responses?.['200'] ?? {}).includes('"last_page"'))
      .map(([path]) => path)
      .sort();
    expect(lists).toEqual([...new Set(calls.map(([path]) => path))].sort());
  });

  it('calls each filter a list declares, with a value it takes (alone, or where LIST_CALLS names it)', () => {
    const uncalled = [...declared].flatMap(([path, { unvalued }]) =>
      unvalued.filter((filter) => !(LIST_CALLS[path] ?? []).some((query) => new URLSearchParams(query).has(`filter[${filter}]`))).map((filter) => `${path} filter[${filter}]`),
    );
    expect(uncalled).toEqual([]);
  });

  it('lists by hand only the calls no declaration gives', () => {
    const given = Object.entries(LIST_CALLS).flatMap(([path, queries]) =>
      queries.filter((query) => declared.get(path)?.calls.some((call) => paramsOf(call) === paramsOf(query))).map((query) => `${path}?${query}`),
    );
    expect(given).toEqual([]);
  });

  it.each(calls)('%s?%s reads every large table through an index', async (path, query) => {
    const scans = [];
    for (const statement of await statementsOf(path, query)) {
      for (const table of await fullTableReads(ctx.db, statement)) {
        if (LARGE_TABLES.includes(table)) scans.push(`${table} in: ${statement.text}`);
      }
    }
    expect(scans).toEqual([]);
  });

  it.each(calls)('%s?%s reads no stored secret', async (path, query) => {
    const statements = await statementsOf(path, query);
    expect(statements.map(({ text }) => text).filter((text) => SECRET_COLUMNS.test(text))).toEqual([]);
  });

  it.each(calls)('%s?%s sends as many statements for a long page as for a short one', async (path, query) => {
    const base = `${fill(path)}?${fillQuery(query).replace(/(^|&)(page|limit)=\d+/g, '')}`;
    const count = async (limit: number) => {
      const { statements, result } = await captureStatements(ctx.db, () =>
        ctx.inject({ method: 'GET', url: `${base}&limit=${limit}`, headers: bearer(token) }),
      );
      expect(result.statusCode, result.body).toBe(200);
      return { statements: statements.filter((statement) => !isSessionTouch(statement)).length, rows: (result.json().data.data as unknown[]).length };
    };
    const short = await count(1);
    const long = await count(50);
    expect(long.statements).toBe(short.statements);
  });
});
