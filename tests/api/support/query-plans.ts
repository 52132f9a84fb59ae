import type { Db } from '../../../server/db/client';
import { recordDriverCalls } from '../../../server/db/driver-calls';
import { topPlanNode, type PlanNode } from '../../../server/db/explain';

/** The tables that grow with the operator: thousands to millions of rows. */
export const LARGE_TABLES = [
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

/** One statement as the driver received it. */
export interface Statement {
  text: string;
  values: unknown[];
}

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
type PgClient = Queryable & { release: () => void };
/** The driver under drizzle: PGlite (`exec` runs plain SQL) or a pg pool (`connect` lends a client). */
type Driver = Queryable & { exec?: (sql: string) => Promise<unknown>; connect?: () => Promise<PgClient> };

const driverOf = (db: Db) => (db as unknown as { $client: Driver }).$client;

/**
 * The statements `run` sends to the database, as the driver received them, with its result. pg
 * takes `(text, values)`, `({ text, values })` or `({ text }, values)`.
 */
export async function captureStatements<T>(db: Db, run: () => Promise<T>): Promise<{ statements: Statement[]; result: T }> {
  const { calls, result } = await recordDriverCalls(db, run);
  const statements = calls.map(([first, second]): Statement => {
    if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? second : [] };
    const config = first as { text: string; values?: unknown[] };
    return { text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) };
  });
  return { statements, result };
}

/** The access hook's once-a-minute 'last used' write: the session's, not the call's being measured. */
export const isSessionTouch = (statement: Statement): boolean => /^update "sessions" set "last_used_at"/.test(statement.text);

/** The plan PostgreSQL chooses for `statement`, planned but not run. */
export async function planOf(db: Db, statement: Statement): Promise<PlanNode> {
  return topPlanNode(await driverOf(db).query(`explain (format json) ${statement.text}`, statement.values))!;
}

/** Nodes that read all their input before giving a row: a LIMIT above them does not bound what is read below. */
const BLOCKING = new Set(['Sort', 'Aggregate', 'Hash', 'Materialize', 'WindowAgg', 'SetOp']);

/**
 * The tables a plan reads in full: a sequential scan, or an index scan without a condition (the
 * index only as an order) that either filters rows as it goes or is not stopped early by a LIMIT.
 * An index read in order under a LIMIT (a list's first page) stops after the page and is fine.
 */
function fullReads(node: PlanNode, bounded = false): string[] {
  const table = node['Relation Name'];
  const type = node['Node Type'];
  const full =
    table !== undefined &&
    (type === 'Seq Scan' || ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && (node.Filter !== undefined || !bounded)));
  const childBounded = type === 'Limit' || (bounded && !BLOCKING.has(type));
  return [...(full ? [table] : []), ...(node.Plans ?? []).flatMap((child) => fullReads(child, childBounded))];
}

/** The tables a plan reads in full by a sequential scan (with index scans off: nothing else could). */
const sequentialReads = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(sequentialReads),
];

/**
 * The large tables `statement` can only read in full, whatever the data. The planner's choice on a
 * test-sized table says little, so it is asked twice:
 * - with sequential scans all but forbidden (`enable_seqscan = off` only makes them cost more): a
 *   table still read in full (see `fullReads`) has no index for its conditions or its order, or
 *   the planner preferred an index's order and filtered on the way;
 * - with ordered index scans forbidden too: a table then read through its indexes (a bitmap scan)
 *   has indexes for its conditions, so the first answer was only a preference.
 * A table both answers read in full is one no index can serve.
 */
export async function fullTableReads(db: Db, statement: Statement): Promise<string[]> {
  const driver = driverOf(db);
  const explain = `explain (format json) ${statement.text}`;
  const topOf = (answer: unknown): PlanNode => topPlanNode(answer)!;
  const client = driver.connect ? await driver.connect() : null;
  const run = (sql: string, values?: unknown[]) => (client ? client.query(sql, values) : values ? driver.query(sql, values) : driver.exec!(sql));
  try {
    await run('set enable_seqscan = off');
    const inFull = fullReads(topOf(await run(explain, statement.values)));
    if (inFull.length === 0) return [];
    await run('set enable_indexscan = off');
    await run('set enable_indexonlyscan = off');
    const bitmapless = sequentialReads(topOf(await run(explain, statement.values)));
    return inFull.filter((table) => bitmapless.includes(table));
  } finally {
    await run('reset enable_seqscan');
    await run('reset enable_indexscan');
    await run('reset enable_indexonlyscan');
    client?.release();
  }
}
