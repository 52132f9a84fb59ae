import type { Db } from './client';
import type { PgliteThread, StatementObserver } from './pglite-thread';

export type { StatementObserver };

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * The calls `run` makes to the driver under drizzle (PGlite, or the pg pool), each with its
 * arguments as given, and `run`'s result: whatever the ORM does, every statement passes there. For
 * the tests that count or plan a list's statements and the benchmark that replays them.
 */
export async function recordDriverCalls<T>(db: Db, run: () => Promise<T>): Promise<{ calls: unknown[][]; result: T }> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = client.query;
  const calls: unknown[][] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    calls.push(args);
    return original.apply(this, args);
  };
  try {
    return { calls, result: await run() };
  } finally {
    if (own) client.query = original;
    else delete (client as Partial<Queryable>).query;
  }
}

/** Which driver a database handle's statements go through; the metrics' only label for them. */
export type DriverKind = 'pglite' | 'postgres';

export interface ObservedStatements {
  driver: DriverKind;
  /** Statements waiting for PGlite's thread (the one running included); null on a server, which has no such queue. */
  queueLength(): number | null;
  stop(): void;
}

// Told apart by shape: client.ts loads PgliteThread only when it opens PGlite.
const isPgliteThread = (client: unknown): client is PgliteThread => typeof (client as Partial<PgliteThread>).observeStatements === 'function';

type PgPool = { on(event: 'acquire', listener: (client: Queryable) => void): void };

/** Each pool's observers: one `acquire` listener per pool, however many apps watch it (the tests build several). */
const poolObservers = new WeakMap<object, Set<StatementObserver>>();
const TIMED = Symbol('statements timed');

/**
 * Tells `observer` of every statement `db` runs from now on, until `stop()`: on PGlite in its
 * thread's client, on a server in each pooled connection, which every statement passes through
 * (pool.query takes one too, and a transaction holds one). Never the SQL: only time and outcome.
 */
export function observeStatements(db: Db, observer: StatementObserver): ObservedStatements {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPgliteThread(client)) {
    return { driver: 'pglite', queueLength: () => client.queueLength, stop: client.observeStatements(observer) };
  }
  const pool = client as PgPool;
  let observers = poolObservers.get(pool);
  if (!observers) {
    const watching = new Set<StatementObserver>();
    observers = watching;
    poolObservers.set(pool, watching);
    pool.on('acquire', (connection) => timeConnection(connection, watching));
  }
  observers.add(observer);
  const watching = observers;
  return { driver: 'postgres', queueLength: () => null, stop: () => void watching.delete(observer) };
}

/** Wraps one pooled connection's `query` (once), in both of pg's forms: a callback (pool.query's) or a promise (drizzle's). */
function timeConnection(connection: Queryable, observers: Set<StatementObserver>) {
  const marked = connection as Queryable & { [TIMED]?: true };
  if (marked[TIMED]) return;
  marked[TIMED] = true;
  const original = connection.query;
  connection.query = function (this: unknown, ...args: unknown[]) {
    if (observers.size === 0) return original.apply(this, args);
    const started = performance.now();
    const tell = (failed: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observe of observers) observe(seconds, failed);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, error: unknown, ...rest: unknown[]) {
        tell(Boolean(error));
        return (last as (...callbackArgs: unknown[]) => unknown).call(this, error, ...rest);
      };
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    // A promise; pg's other forms (a cursor, a stream) are not used here and go untimed.
    if (answer instanceof Promise) {
      answer.then(
        () => tell(false),
        () => tell(true),
      );
    }
    return answer;
  };
}
