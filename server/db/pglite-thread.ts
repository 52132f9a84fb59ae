import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** The part of PGlite's transaction handle drizzle and this project use. */
export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: QueryOptions['rowMode'];
      textTypes: number[];
      paramTypes?: number[];
      transaction?: number;
    }
  | { op: 'exec'; sql: string; rowMode: QueryOptions['rowMode']; textTypes: number[]; transaction?: number }
  | { op: 'begin' }
  | { op: 'rollback'; transaction: number }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

/** Told of each statement once it is answered: how long it took from being sent, and whether it failed. */
export type StatementObserver = (seconds: number, failed: boolean) => void;

/** The requests that are statements (a transaction's begin and end too, as on a server), for the observers. */
const STATEMENT_OPS = new Set<Request['op']>(['query', 'exec', 'begin', 'rollback', 'end']);

type ErrorFields = Record<string, unknown> & { name: string; message: string };
type Reply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: ErrorFields }
  | { listener: number; payload: string }
  | { ready: true }
  | { failed: ErrorFields };

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  /** The caller's query options, for a failed query's error. */
  options: QueryOptions | undefined;
}

/** The worker's error as an Error on this thread, with PostgreSQL's fields (code, constraint, detail, table...) on it. */
const toError = (fields: ErrorFields, options?: QueryOptions): Error => {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  // PGlite puts the caller's options on a failed query's error; they stayed on this side.
  if ('query' in fields) Object.assign(error, { queryOptions: options });
  return error;
};

const parseJson = (text: string): unknown => JSON.parse(text);

/**
 * json and jsonb are parsed on this thread, not on PGlite's: a page of DSPs with their staff or of
 * plans with their services is mostly JSON, and PGlite's thread is the one every statement waits
 * for. As text it also crosses between the threads for less than the objects it holds.
 */
const JSON_PARSERS: Record<number, (text: string) => unknown> = { 114: parseJson, 3802: parseJson };

/** The parsers this thread applies: the caller's, and JSON's where the caller has none. */
const parsersHere = (options: QueryOptions | undefined): NonNullable<QueryOptions['parsers']> => ({ ...JSON_PARSERS, ...options?.parsers });

/** Query options as they can cross: the types whose text the worker keeps, for the parsers this thread applies. */
const crossable = (options: QueryOptions | undefined, parsers: NonNullable<QueryOptions['parsers']>) => {
  if (options?.serializers || options?.onNotice || options?.blob) {
    throw new TypeError('PGlite en su hilo no admite serializers, onNotice ni blob: son funciones u objetos que no cruzan entre hilos.');
  }
  return { rowMode: options?.rowMode, textTypes: Object.keys(parsers).map(Number) };
};

/** The parsers of `parsersHere`, applied to the text the worker kept (PGlite skips nulls, so does this). */
function applyParsers<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']>): Results<T> {
  if (result.rows.length === 0) return result;
  result.fields.forEach((field, index) => {
    // PGlite passes the type too; its declared Parser type leaves it out.
    const parse = parsers[field.dataTypeID] as ((text: string, typeId: number) => unknown) | undefined;
    if (!parse) return;
    for (const row of result.rows as unknown[]) {
      if (Array.isArray(row)) {
        if (row[index] !== null) row[index] = parse(row[index] as string, field.dataTypeID);
      } else {
        const record = row as Record<string, unknown>;
        if (record[field.name] !== null) record[field.name] = parse(record[field.name] as string, field.dataTypeID);
      }
    }
  });
  return result;
}

/**
 * PGlite on a worker thread (server/db/pglite-worker.mjs), with the methods drizzle-orm/pglite and
 * this project call on PGlite: `query`, `exec`, `transaction`, `listen`, `closed`, `dumpDataDir`,
 * `close`. The statements run on the worker, so the thread that serves HTTP is free while they do.
 */
export class PgliteThread {
  readonly waitReady: Promise<void>;
  /** Protected so that a test can end the thread the way a crash would. */
  protected readonly worker: Worker;
  #pending = new Map<number, Pending>();
  #listeners = new Map<number, (payload: string) => void>();
  #statementObservers = new Set<StatementObserver>();
  #lastId = 0;
  #closed = false;
  #closing = false;
  #opened = false;
  #exitReason: Error | null = null;

  /**
   * `dataDir` keeps the files there; without it, memory (from `loadDataDir` if given). `onLost` is
   * told when the thread ends after opening without `close()` (a crash): every statement fails from
   * then on, so whoever owns the process decides what to do.
   */
  constructor(options: { dataDir?: string; loadDataDir?: Blob; extensionNames: string[]; onLost?: (reason: Error) => void }) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensionNames: options.extensionNames },
      // Plain JavaScript: no loader. Inherited, tsx's (`node --import tsx`) would load in the thread too and slow its start.
      // A profiled process (`npm run profile:api`) profiles this thread too: on PGlite, most of the work is here.
      execArgv: process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')),
    });
    this.waitReady = new Promise((resolve, reject) => {
      const onStart = (reply: Reply) => {
        if ('ready' in reply) {
          this.#opened = true;
          resolve();
        }
        else if ('failed' in reply) reject(toError(reply.failed));
        else return;
        this.worker.off('message', onStart);
        this.worker.on('message', (message: Reply) => this.#receive(message));
        this.#updateRef();
      };
      this.worker.on('message', onStart);
      this.worker.once('exit', (code) => reject(this.#exitReason ?? new Error(`El hilo de PGlite terminó al abrir la base de datos (código ${code}).`)));
    });
    this.worker.on('error', (error) => {
      this.#exitReason = error;
      console.error(`PGlite: el hilo de la base de datos falló: ${error.message}`);
    });
    this.worker.on('exit', (code) => {
      this.#closed = true;
      const reason = this.#exitReason ?? new Error('La base de datos PGlite está cerrada.');
      for (const pending of this.#pending.values()) pending.reject(reason);
      this.#pending.clear();
      if (this.#opened && !this.#closing) {
        options.onLost?.(this.#exitReason ?? new Error(`El hilo de PGlite terminó sin que se cerrara la base de datos (código ${code}).`));
      }
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Requests sent to the thread and not answered yet: the statement running and those waiting behind it. */
  get queueLength(): number {
    return this.#pending.size;
  }

  /** Tells `observer` of every statement from now on (the metrics); returns the function that stops it. */
  observeStatements(observer: StatementObserver): () => void {
    this.#statementObservers.add(observer);
    return () => void this.#statementObservers.delete(observer);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options);
  }

  /**
   * Runs `callback` on a transaction of its own in the worker: other statements wait for it
   * (PGlite's mutex), a thrown error rolls it back and is thrown again, as PGlite does.
   */
  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const transaction = (await this.#request({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteThreadTransaction = {
      query: async <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => (open(), this.#query<R>(sql, params, options, transaction)),
      exec: async (sql: string, options?: QueryOptions) => (open(), this.#exec(sql, options, transaction)),
      rollback: async () => {
        open();
        await this.#request({ op: 'rollback', transaction });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // The callback's error is the one to report; a failed rollback only means the worker is gone.
      await this.#request({ op: 'end', transaction, commit: false }).catch(() => undefined);
      throw error;
    }
    closed = true;
    await this.#request({ op: 'end', transaction, commit: true });
    return result;
  }

  /** PGlite's `listen`: `onPayload` runs here for each notification, once its transaction commits. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = ++this.#lastId;
    this.#listeners.set(listener, onPayload);
    try {
      await this.#request({ op: 'listen', channel, listener });
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(listener) || this.#closed) return;
      await this.#request({ op: 'unlisten', listener });
    };
  }

  /** PGlite's `dumpDataDir`: the data directory as a tar archive (the tests' template database). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.#request({ op: 'dump', compression })) as ArrayBuffer]);
  }

  /** Closes PGlite (after the statements already sent) and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.#closed) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    // Held until the thread has ended, or the process could end while awaiting it.
    this.#closing = true;
    await this.#request({ op: 'close' });
    this.#closed = true;
    await exited;
  }

  async #query<T>(sql: string, params: unknown[], options: QueryOptions | undefined, transaction?: number): Promise<Results<T>> {
    const parsers = parsersHere(options);
    const request = { op: 'query' as const, sql, params, ...crossable(options, parsers), ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}), transaction };
    const result = (await this.#request(request, options)) as Results<T>;
    return applyParsers(result, parsers);
  }

  async #exec(sql: string, options: QueryOptions | undefined, transaction?: number): Promise<Results[]> {
    const parsers = parsersHere(options);
    const results = (await this.#request({ op: 'exec', sql, ...crossable(options, parsers), transaction }, options)) as Results[];
    return results.map((result) => applyParsers(result, parsers));
  }

  #request(request: Request, options?: QueryOptions): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('La base de datos PGlite está cerrada.'));
    const id = ++this.#lastId;
    const answer = new Promise((resolve, reject) => {
      this.worker.postMessage({ id, ...request });
      this.#pending.set(id, { resolve, reject, options });
      this.#updateRef();
    });
    if (this.#statementObservers.size === 0 || !STATEMENT_OPS.has(request.op)) return answer;
    const started = performance.now();
    const tell = (failed: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observer of this.#statementObservers) observer(seconds, failed);
    };
    answer.then(
      () => tell(false),
      () => tell(true),
    );
    return answer;
  }

  #receive(reply: Reply) {
    if ('listener' in reply) return this.#listeners.get(reply.listener)?.(reply.payload);
    if (!('id' in reply)) return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    this.#updateRef();
    if (reply.error) pending.reject(toError(reply.error, pending.options));
    else pending.resolve(reply.result);
  }

  /**
   * The thread keeps the process alive only while a statement is in flight, as PGlite in-process
   * did: a script that forgot `close()` still ends, and a statement awaited at the top level is not cut short.
   */
  #updateRef() {
    if (this.#pending.size > 0 || this.#closing) this.worker.ref();
    else this.worker.unref();
  }
}
