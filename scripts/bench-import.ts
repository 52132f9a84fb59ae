/**
 * `npm run bench:import [-- --rows 50000] [-- --updates 1000] [-- --passwords 0]`: a customers import
 * of `--rows` new customers on the configured database (DATABASE_URL, or a new PGlite under a
 * temporary DATA_DIR), sent over HTTP as the panel sends it: first the dry run (validation only),
 * then the import. With `--updates N`, the same file again with N of its rows changed (N updates,
 * the rest unchanged). Prints each call's seconds and the process's peak resident memory; the
 * budget is 60 s for the validation and the import of 50,000 rows together.
 *
 * On PostgreSQL, use a database of its own: the run adds a DSP and its customers and leaves them.
 * `--passwords N`: N rows carry a password (each hashed at scrypt's full cost).
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { campaigns, countries, dspPlans, dsps, plans, sponsors } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { throwawayAdmin } from './support/throwaway-admin';

const { values: flags } = parseArgs({
  options: { rows: { type: 'string', default: '50000' }, updates: { type: 'string', default: '0' }, passwords: { type: 'string', default: '0' } },
});
const ROWS = Number(flags.rows);
const UPDATES = Number(flags.updates);
const PASSWORDS = Number(flags.passwords);
const BUDGET_SECONDS = 60;

const work = mkdtempSync(path.join(tmpdir(), 'panel-bench-import-'));
const base = loadConfig();
const config = loadConfig({ ...process.env, DATA_DIR: base.databaseUrl ? base.dataDir : path.join(work, 'data'), DIST_DIR: '/nonexistent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
await seed(db, { adminEmail: 'bench-import-seed@panel.local', adminPassword: 'Bench-Import-1', demo: false });
const admin = await throwawayAdmin(db, { email: 'bench-import@panel.local', name: 'Importación de prueba' });

// A DSP of its own selling two plans, named per run so that runs on one PostgreSQL do not collide.
const stamp = Date.now().toString(36);
const [country] = await db.select({ id: countries.id }).from(countries).limit(1);
const [sponsor] = await db.insert(sponsors).values({ name: `Sponsor importación ${stamp}`, countryId: country!.id }).returning();
const [campaign] = await db.insert(campaigns).values({ name: `Campaña importación ${stamp}`, sponsorId: sponsor!.id, countryId: country!.id }).returning();
const sold = await db
  .insert(plans)
  .values(['Plan Hogar', 'Plan Auto'].map((name) => ({ campaignId: campaign!.id, name: `${name} ${stamp}`, description: 'x', commitmentMonths: 12 })))
  .returning();
const [dsp] = await db.insert(dsps).values({ name: `DSP importación ${stamp}`, countryId: country!.id, sponsorId: sponsor!.id }).returning();
await db.insert(dspPlans).values(sold.map((plan) => ({ dspId: dsp!.id, planId: plan.id })));

/** A file as Excel saves it in es-CO: UTF-8 with a BOM, ';' between cells, CRLF. */
async function writeFile(name: string, changed: number): Promise<string> {
  const file = path.join(work, name);
  const out = createWriteStream(file);
  out.write('\ufeffdni;nombre;email;teléfono;ciudad;dirección;planes;contraseña\r\n');
  for (let index = 0; index < ROWS; index += 1) {
    const plan = index % 3 === 0 ? `${sold[0]!.name}|${sold[1]!.name}` : sold[index % 2]!.name;
    const name = index < changed ? `Cliente Cambiado ${index}` : `Cliente Importado ${index}`;
    const password = index < PASSWORDS ? `Clave-Cliente-${index}` : '';
    const line = `${10_000_000 + index};${name};cliente.${index}@importa.test;+57 300 ${String(index).padStart(7, '0')};Bogotá;Calle ${index} # 5-20;${plan};${password}\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const app = await buildApp({ config, db, mailer: { send: async () => undefined } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/dsps/${dsp!.id}/customers/import`;

async function send(file: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'clientes.csv');
  const started = performance.now();
  const response = await fetch(`${url}${dryRun ? '?dry_run=1' : ''}`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
  const seconds = (performance.now() - started) / 1000;
  const body = (await response.json()) as { message: string; data?: Record<string, unknown> };
  if (response.status !== 200) throw new Error(`${response.status}: ${body.message}`);
  const { errors: _errors, ...counts } = body.data ?? {};
  console.log(`${dryRun ? 'validar' : 'importar'}: ${seconds.toFixed(1)} s ${JSON.stringify(counts)}`);
  return seconds;
}

try {
  const file = await writeFile('clientes.csv', 0);
  console.log(`${ROWS.toLocaleString('es-CO')} filas, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${database.kind}, ${PASSWORDS} con contraseña`);
  const total = (await send(file, true)) + (await send(file, false));
  console.log(`validar + importar: ${total.toFixed(1)} s (presupuesto ${BUDGET_SECONDS} s): ${total <= BUDGET_SECONDS ? 'dentro' : 'FUERA'}`);
  if (UPDATES > 0) {
    const again = await writeFile('clientes-cambios.csv', UPDATES);
    await send(again, false);
  }
  console.log(`memoria residente máxima del proceso: ${Math.round(peakRss / 1024 / 1024)} MB`);
} finally {
  clearInterval(sampler);
  await app.close();
  await admin.remove();
  await database.close();
  rmSync(work, { recursive: true, force: true });
}
