import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * PGlite is PostgreSQL inside one process: a second process that opens the same data directory
 * does not wait or fail, it runs a second PostgreSQL on the same files and corrupts them. So
 * whoever opens DATA_DIR's database (the server, a backup or a restore without a server) first
 * claims a local socket tied to that directory. Listening on it is the lock, and the server answers
 * on it with its database's dump, so that `npm run backup` works while the server runs.
 * Only the directory's owner can connect (mode 0600), who could read the database's files anyway.
 */

/** The longest Unix socket path every platform accepts (macOS: 104 bytes with the final NUL). */
const MAX_SOCKET_PATH = 100;

/** Where the socket of `dataDir` listens: a named pipe on Windows, a file in DATA_DIR elsewhere (in the temp folder when that path is too long for a socket). */
export function controlSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const digest = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\panel-de-control-${digest}`;
  const inDataDir = path.join(resolved, 'panel.sock');
  return Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH ? inDataDir : path.join(os.tmpdir(), `panel-de-control-${digest}.sock`);
}

/** The process that holds `dataDir`'s database, as far as this one can tell. */
export class DataDirBusyError extends Error {}

export interface DataDirClaim {
  /** From now on, a request for the dump is answered with `dump()` (the server, once its database is open). */
  serveDumps(dump: () => Promise<Blob>): void;
  /** Stops listening and frees the directory for the next process. */
  release(): Promise<void>;
}

const DUMP_PATH = '/pglite-dump';

/** Whether something answers on the socket: a live process, not a file a killed one left behind. */
const answers = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Claims `dataDir` for this process, or throws DataDirBusyError when another one holds it. `who`
 * names this process in the message the next one reads ("un servidor", "una restauración"...).
 */
export async function claimDataDir(dataDir: string, who: string): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  let dump: (() => Promise<Blob>) | null = null;
  const server = http.createServer((request, reply) => {
    if (request.method !== 'GET' || request.url !== DUMP_PATH) {
      reply.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Este canal solo atiende GET ${DUMP_PATH}.`);
      return;
    }
    if (!dump) {
      reply.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(`${who} tiene abierta la base de datos de DATA_DIR y no puede dar un volcado ahora (está arrancando, o es otra copia o una restauración): vuelve a intentarlo en unos segundos.`);
      return;
    }
    dump().then(
      async (archive) => {
        reply.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': archive.size });
        reply.end(Buffer.from(await archive.arrayBuffer()));
      },
      (error: unknown) => {
        reply.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`La base de datos no se pudo volcar: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
  server.on('request', (request) => request.resume());

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const busy = new DataDirBusyError(
      `Otro proceso (un servidor, una copia de seguridad o una restauración) está usando la base de datos de ${path.resolve(dataDir)}. Espera a que termine o detenlo antes de continuar.`,
    );
    if (await answers(socketPath)) throw busy;
    // Left by a process that was killed: nobody listens on it.
    fs.rmSync(socketPath, { force: true });
    try {
      await listen();
    } catch (retry) {
      // Someone else claimed it between the two attempts.
      if ((retry as NodeJS.ErrnoException).code === 'EADDRINUSE') throw busy;
      throw retry;
    }
  }
  if (process.platform !== 'win32') fs.chmodSync(socketPath, 0o600);
  // The socket must not keep a script alive that has nothing else to do.
  server.unref();

  return {
    serveDumps(serve) {
      dump = serve;
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Asks the process holding `dataDir` for its database's dump (PGlite's `dumpDataDir`, a tar).
 * Answers null when no process holds it (the directory can then be opened directly).
 */
export function requestDump(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: controlSocketPath(dataDir), path: DUMP_PATH }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(body.toString('utf8') || `El servidor respondió ${response.statusCode} al pedir el volcado.`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // No socket, or one a killed process left: nobody holds the directory.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
