// PGlite on a thread of its own: its WASM and file I/O run synchronously, and on the HTTP server's
// thread every statement stopped every request. The main thread talks to it through
// server/db/pglite-thread.ts. Plain JavaScript, so it loads the same under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Thrown inside PGlite's transaction callback to make it roll back; not an error to report. */
const rollBack = Symbol('roll back');

/** Parsers that keep the text PostgreSQL sent: the main thread applies the caller's own (functions do not cross threads). */
const identityParsers = new Map();
const keepTextOf = (typeIds) => {
  const key = typeIds.join(',');
  let parsers = identityParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(typeIds.map((typeId) => [typeId, (value) => value]));
    identityParsers.set(key, parsers);
  }
  return parsers;
};

/** An error as plain fields: PostgreSQL's (code, constraint, detail, table...) survive; the query options, which hold functions, do not. */
const errorFields = (error) => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'undefined', 'bigint'].includes(typeof value)) fields[key] = value;
  }
  if (Array.isArray(error.params)) fields.params = error.params;
  return fields;
};

const respond = (id, result) => parentPort.postMessage({ id, result });
const fail = (id, error) => {
  try {
    parentPort.postMessage({ id, error: errorFields(error) });
  } catch {
    // A field that cannot be cloned (a parameter that came back changed): the message still goes.
    parentPort.postMessage({ id, error: { name: error?.name ?? 'Error', message: error?.message ?? String(error) } });
  }
};

const { dataDir, loadDataDir, extensionNames } = workerData;
const extensions = Object.fromEntries(
  await Promise.all(extensionNames.map(async (name) => [name, (await import(`@electric-sql/pglite/contrib/${name}`))[name]])),
);

let pglite;
try {
  pglite = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir: loadDataDir ?? undefined, extensions });
  await pglite.waitReady;
} catch (error) {
  parentPort.postMessage({ failed: errorFields(error) });
  parentPort.close();
}

/** Open transactions by id: PGlite's handle, and how to end its callback (true commits). */
const transactions = new Map();
/** What `UNLISTEN`s each listener, by the id the main thread gave it. */
const unlisteners = new Map();

const queryOptions = (message) => ({
  rowMode: message.rowMode,
  ...(message.textTypes.length > 0 ? { parsers: keepTextOf(message.textTypes) } : {}),
  ...(message.paramTypes ? { paramTypes: message.paramTypes } : {}),
});

const target = (transactionId) => {
  if (transactionId === undefined) return pglite;
  const transaction = transactions.get(transactionId);
  if (!transaction || transaction.handle.closed) throw new Error('Transaction is closed');
  return transaction.handle;
};

function begin(id) {
  const transactionId = id;
  let end;
  const ended = new Promise((resolve) => (end = resolve));
  let begun = false;
  const finished = pglite.transaction(async (handle) => {
    begun = true;
    transactions.set(transactionId, { handle, end, finished });
    respond(id, transactionId);
    if (!(await ended)) throw rollBack;
  });
  // Until BEGIN ran, a failure is the answer to `begin`; after it, to `end`.
  finished.catch((error) => {
    if (!begun) fail(id, error);
  });
}

async function end(id, transactionId, commit) {
  const transaction = transactions.get(transactionId);
  if (!transaction) return fail(id, new Error('Transaction is closed'));
  transactions.delete(transactionId);
  transaction.end(commit);
  try {
    await transaction.finished;
    respond(id, null);
  } catch (error) {
    if (error === rollBack) respond(id, null);
    else fail(id, error);
  }
}

async function handle(message) {
  const { id } = message;
  try {
    switch (message.op) {
      case 'query':
        return respond(id, await target(message.transaction).query(message.sql, message.params, queryOptions(message)));
      case 'exec':
        return respond(id, await target(message.transaction).exec(message.sql, queryOptions(message)));
      case 'begin':
        return begin(id);
      case 'rollback':
        return respond(id, await target(message.transaction).rollback());
      case 'end':
        return await end(id, message.transaction, message.commit);
      case 'listen': {
        const listener = message.listener;
        const unlisten = await pglite.listen(message.channel, (payload) => parentPort.postMessage({ listener, payload }));
        unlisteners.set(listener, unlisten);
        return respond(id, null);
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(message.listener);
        unlisteners.delete(message.listener);
        if (unlisten && !pglite.closed) await unlisten();
        return respond(id, null);
      }
      case 'dump': {
        // The archive's bytes move to the main thread instead of being copied.
        const archive = await (await pglite.dumpDataDir(message.compression)).arrayBuffer();
        return parentPort.postMessage({ id, result: archive }, [archive]);
      }
      case 'close':
        if (!pglite.closed) await pglite.close();
        respond(id, null);
        // Nothing left to wait for: the thread ends by itself.
        return parentPort.close();
      default:
        throw new Error(`Unknown operation ${message.op}`);
    }
  } catch (error) {
    fail(id, error);
  }
}

if (pglite?.ready) {
  parentPort.on('message', (message) => void handle(message));
  parentPort.postMessage({ ready: true });
}
