/**
 * `npm run profile:api -- [--path /api/v1/roles] [--connections 50] [--seconds 10] [--encoding br]`: the API in this
 * process on the configured database, loaded by autocannon's command line from a child process (so
 * that the event loop and the profile hold the server's work only), signed in as a throw-away super
 * admin (`--encoding` asks for compressed answers, as a browser does). Prints autocannon's latencies
 * and the CPU per request of this process and, on a PostgreSQL server on this machine, of its
 * backends (scripts/support/cpu-meter.ts): the figures to compare before and after a change on a
 * shared machine, where latencies follow the load.
 * `npm run profile:api` writes V8 CPU profiles to data/profiles/ (the largest is the main thread); read one with
 * `node scripts/cpuprofile-summary.mjs <file>`.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { cpuMeter } from './support/cpu-meter';
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
try {
  const warm = await fetch(origin + flags.path, { headers: { authorization: `Bearer ${token}` } });
  console.log(`warm-up: ${warm.status}`);
  const stopMeter = await cpuMeter(db, database.kind === 'postgres', () => [])();
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
  const spent = await stopMeter();
  console.log(`${served} requests; CPU per request: this process ${((spent.api * 1000) / served).toFixed(0)} µs`);
  if (spent.database !== null) console.log(`PostgreSQL's backends' CPU per request: ${((spent.database * 1000) / served).toFixed(0)} µs`);
} finally {
  await app.close();
  await removeAdmin();
  await database.close();
}
