/**
 * Every list answers at the speed of its SQL on a large operator's data: each statement a list
 * call sends can be served by an index (no sequential scan of a table that grows with the
 * operator), and a page costs a fixed number of statements whatever its size (no query per row).
 *
 * The planner prefers a sequential scan on a test-sized table, so the plans are taken with
 * `enable_seqscan = off`: a sequential scan that remains is one no index can replace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type Table } from 'drizzle-orm';
import {
  apiClients,
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
import { createUploadsStorage } from '../../server/storage';
import { bearer, createTestContext, type TestContext } from './support/context';
import { captureStatements, fullTableReads, type Statement } from './support/query-plans';
import { tempDataDir } from './support/uploads';

/** The tables that grow with the operator: thousands to millions of rows. */
const LARGE_TABLES = [
  'audit_log',
  'booking_status_histories',
  'bookings',
  'campaign_categories',
  'campaigns',
  'customers',
  'dsp_plans',
  'dsp_users',
  'entitlement_periods',
  'entitlement_status_histories',
  'entitlements',
  'plans',
  'services',
  'sessions',
  'sponsors',
  'user_roles',
  'users',
];

let ctx: TestContext;
let token: string;
const data = tempDataDir('list-plans');
/** The DSP the nested lists hang from, and a demo record of each kind for the `{id}` in paths ('campaigns' → its first id). */
let dspId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  await seedDemo(ctx.db, createUploadsStorage(data.dir));
  // A DSP that takes bookings, so that its customers and bookings lists hold rows.
  dspId = (await ctx.inject({ method: 'GET', url: '/api/v1/booking-dsps', headers: bearer(token) })).json().data[0].id;
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
  expect(connector.statusCode, connector.body).toBe(201);
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
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

/**
 * Each list with the parameters staff actually send: the default page, a search, its filters, a
 * sort, every include, a deep page. Paths are the documented ones, `{…}` filled from the demo.
 * (bench:api's CASES time the heavy ones on the scale data, with that data's terms.)
 */
const LIST_CALLS: Record<string, string[]> = {
  '/api/v1/sponsors': ['', 'filter[q]=andes&sort=name', 'include=country&sort=-created_at&page=3&limit=2', 'filter[country_id]=1'],
  '/api/v1/campaigns': ['', 'filter[q]=salud&sort=name', 'filter[sponsor_id]={sponsors}&filter[status]=ACTIVE&include=sponsor,country', 'page=3&limit=2&sort=-budget'],
  '/api/v1/campaigns/{id}/plans': ['', 'filter[q]=plan&include=services'],
  '/api/v1/campaigns/{id}/campaign-categories': ['', 'filter[q]=a'],
  '/api/v1/plans': ['', 'filter[q]=basico&sort=name', 'filter[campaign_id]={campaigns}&include=campaign,services', 'page=3&limit=2'],
  '/api/v1/plans/{id}/services': ['', 'filter[q]=asistencia'],
  '/api/v1/services': ['', 'filter[q]=asistencia&sort=name', 'page=2&limit=2&include=plan,category'],
  '/api/v1/categories': ['', 'filter[q]=hogar&sort=name', 'include=parent,subcategories'],
  '/api/v1/users': ['', 'filter[q]=admin&sort=name', 'filter[role]=admin&filter[is_active]=1', 'page=2&limit=1&sort=email'],
  '/api/v1/roles': ['', 'filter[q]=oper&sort=name'],
  '/api/v1/countries': ['', 'filter[q]=colom'],
  '/api/v1/dsps': ['', 'filter[q]=andes&sort=name', 'filter[type]=BOOKING&filter[enabled]=1&include=sponsor,country,plans,users', 'page=2&limit=2'],
  '/api/v1/dsps/staff': ['', 'filter[q]=oper'],
  '/api/v1/dsps/{id}/users': ['', 'filter[q]=a&sort=-name', 'page=2&limit=1'],
  '/api/v1/dsps/{dspId}/connectors': ['', 'filter[q]=api&include=plans'],
  '/api/v1/dsps/{dspId}/clients': ['', 'filter[q]=cliente'],
  '/api/v1/dsps/{dspId}/customers': ['', 'filter[q]=maria&sort=name', 'filter[dni]=10&include=entitlements,entitlements.plan', 'page=2&limit=2'],
  '/api/v1/dsps/{dspId}/bookings': [
    '',
    'filter[q]=ag-&include=customer,entitlement,entitlement.plan,plan,service',
    'filter[status]=PENDING&filter[scheduled_at]=2026-01-01,2027-12-31&tz=America/Bogota',
    'page=2&limit=3&sort=scheduled_at',
  ],
  '/api/v1/sales': ['', 'filter[q]=maria&filter[status]=pagado', 'filter[dsp_id]={dsps}&filter[from]=2020-01-01&filter[to]=2030-01-01&page=2&limit=2'],
  '/api/v1/audit': ['', 'filter[resource]=sponsor', 'page=2&limit=2'],
  // Each record's change history (one audit query, one per kind of record).
  ...Object.fromEntries(
    ['bookings', 'campaign-categories', 'campaigns', 'categories', 'clients', 'connectors', 'customers', 'dsps', 'plans', 'services', 'sponsors', 'users'].map(
      (kind) => [`/api/v1/${kind}/{id}/history`, ['', 'page=2&limit=1']],
    ),
  ),
};

/**
 * The stored secrets a list never needs: a page of customers or API clients shows neither their
 * password's nor their secret's hash (the presenters drop them, and the lists do not read them).
 */
const SECRET_COLUMNS = /"(password_hash|client_secret_hash|code_hash)"/;

const fill = (path: string) =>
  path.replace('{dspId}', String(dspId)).replace(/\/([a-z-]+)\/\{id\}/, (_, kind: string) => `/${kind}/${ids[kind]}`);
const fillQuery = (query: string) => query.replace(/\{(\w+)\}/g, (_, kind: string) => String(ids[kind]));

const calls = Object.entries(LIST_CALLS).flatMap(([path, queries]) => queries.map((query) => [path, query] as const));

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
    expect(lists).toEqual(Object.keys(LIST_CALLS).sort());
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
      return { statements: statements.length, rows: (result.json().data.data as unknown[]).length };
    };
    const short = await count(1);
    const long = await count(50);
    expect(long.statements).toBe(short.statements);
  });
});
