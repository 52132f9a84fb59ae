/**
 * `npm run profile:api -- [--path /api/v1/roles] [--connections 50] [--seconds 10] [--encoding br]`: the API in this
 * process on the configured database, loaded by autocannon's command line from a child process (so
 * that the event loop and the profile hold the server's work only), signed in as a throw-away super
 * admin (`--encoding` asks for compressed answers, as a browser does). Prints autocannon's latencies and this process's CPU per request (user and system), the
 * figure to compare before and after a change on a shared machine: latencies there follow the load.
 * On a PostgreSQL server on this machine it also prints the CPU its backends spent per request (read
 * from /proc for the backends of the pool), the other half of what a request costs.
 * `npm run profile:api` writes V8 CPU profiles to data/profiles/ (the largest is the main thread); read one with
 * `node scripts/cpuprofile-summary.mjs <file>`.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { sql } from 'drizzle-orm';
import { throwawayAdmin } from './support/throwaway-admin';

const { values: flags } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/v1/roles' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    encoding: { type: 'string' },
  },
});
const EMAIL = 'profile-api@panel.local';
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
const { token, remove: removeAdmin } = await throwawayAdmin(db, { email: EMAIL, name: 'Perfil de carga' });

const app = await buildApp({ config, db, listen: database.listen, mailer: { send: async () => undefined }, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * CPU ticks (1/100 s) of each backend of this database, by pid, from /proc: null on PGlite or when
 * the server is not on this machine. A backend the pool opens during the run counts from zero.
 */
async function backendsCpu(): Promise<Map<number, number> | null> {
  if (database.kind !== 'postgres') return null;
  const { rows } = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] };
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) return null;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(pid, Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}
try {
  const warm = await fetch(origin + flags.path, { headers: { authorization: `Bearer ${token}` } });
  console.log(`warm-up: ${warm.status}`);
  const backendsBefore = await backendsCpu();
  const cpuBefore = process.cpuUsage();
  let served = 0;
  app.server.on('request', () => served++);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'node_modules/.bin/autocannon',
      [
        ...['-c', flags.connections, '-d', flags.seconds, '-H', `authorization=Bearer ${token}`, '-H', 'accept=application/json'],
        ...(flags.encoding ? ['-H', `accept-encoding=${flags.encoding}`] : []),
        origin + flags.path,
      ],
      { stdio: 'inherit' },
    );
    child.on('exit', () => resolve());
    child.on('error', reject);
  });
  const cpu = process.cpuUsage(cpuBefore);
  console.log(`${served} requests; this process's CPU per request: ${((cpu.user + cpu.system) / served).toFixed(0)} µs (user ${(cpu.user / served).toFixed(0)}, system ${(cpu.system / served).toFixed(0)})`);
  const backendsAfter = await backendsCpu();
  if (backendsBefore && backendsAfter) {
    const spent = [...backendsAfter].reduce((sum, [pid, ticks]) => sum + ticks - (backendsBefore.get(pid) ?? 0), 0);
    console.log(`PostgreSQL's backends' CPU per request: ${((spent * 10_000) / served).toFixed(0)} µs`);
  }
} finally {
  await app.close();
  await removeAdmin();
  await database.close();
}
