/**
 * `npm run bench:export [-- --rows 1000000] [-- --server postgres://postgres@127.0.0.1:5432/postgres] [-- --keep]`:
 * one DSP's bookings exported as CSV by the real server on PostgreSQL, and what it cost: the time,
 * the rows and bytes, and the server process's resident memory (its peak, VmHWM, and its largest
 * sample while exporting). The target: the process never past 200 MB, however many rows.
 *
 * It creates a database of its own on the server (`panel_bench_export_<pid>`), migrates and fills
 * it (the bookings by generate_series, in batches), starts the server on it (`node --import tsx
 * server/main.ts`, as `npm start` does), reads the export as a client would, then stops the server
 * and drops the database (`--keep` leaves it, to run again with `--reuse <name>`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/db/seed';
import { rowsOf } from '../server/http/item-sql';
import { freePort } from './support/free-port';
import { throwawayAdmin } from './support/throwaway-admin';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    server: { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    /** Extra node flags for the server (e.g. '--max-old-space-size=96'), to see what bounds its memory. */
    'node-flags': { type: 'string', default: '' },
    /** What the client accepts: a browser asks for gzip or br, which the server then compresses as it streams. */
    encoding: { type: 'string', default: 'gzip, deflate, br' },
  },
});
const ROWS = Number(flags.rows);
if (!Number.isInteger(ROWS) || ROWS < 1) {
  console.error(`--rows debe ser un entero positivo: "${flags.rows}"`);
  process.exit(1);
}
const TARGET_RSS_MB = 200;
/** Bookings inserted per statement while filling. */
const FILL_BATCH = 100_000;
const CUSTOMERS = 10_000;

const name = flags.reuse ?? `panel_bench_export_${process.pid}`;
const serverUrl = new URL(flags.server!);
const databaseUrl = Object.assign(new URL(serverUrl.href), { pathname: `/${name}` }).href;
const admin = new pg.Client({ connectionString: serverUrl.href });
await admin.connect();
const mb = (kb: number) => Math.round(kb / 1024);

/** VmRSS and VmHWM (peak) of a process, in kB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

let dataDir: string | null = null;
let child: ReturnType<typeof spawn> | null = null;
try {
  if (!flags.reuse) {
    await admin.query(`create database ${name}`);
    console.log(`Base de datos ${name} creada; migrando y llenando ${ROWS.toLocaleString('es-CO')} agendamientos…`);
  }
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const { db } = database;
  let dspId: number;
  if (!flags.reuse) {
    await seed(db, { adminEmail: 'admin@bench.local', adminPassword: 'Secreto123!', demo: false });
    const filled = performance.now();
    const [row] = rowsOf<{ dsp: number }>(
      await db.execute(sql`
      with country as (select id from countries where code = 'CO'),
      sponsor as (insert into sponsors (name, country_id) select 'Sponsor de exportación', id from country returning id),
      campaign as (insert into campaigns (name, sponsor_id, country_id) select 'Campaña de exportación', sponsor.id, country.id from sponsor, country returning id),
      plan as (insert into plans (campaign_id, name, description, price) select id, 'Plan de exportación', 'x', 150000 from campaign returning id),
      dsp as (insert into dsps (name, country_id, sponsor_id, type) select 'DSP de exportación', country.id, sponsor.id, 'BOOKING' from country, sponsor returning id),
      service as (insert into services (plan_id, name, unlimited_coverage, unlimited_events) select id, 'Asistencia de exportación', true, true from plan returning id)
      select dsp.id as dsp from dsp`),
    );
    dspId = row!.dsp;
    await db.execute(sql`
      insert into customers (dsp_id, dni, name, email, phone, meta, password_hash)
      select ${dspId}, 'EXP-' || n, 'Cliente ' || n || ' de exportación', 'cliente' || n || '@exporta.bench', '300' || lpad(n::text, 7, '0'),
        '{"city": "Bogotá", "address": "Calle 1"}'::jsonb, 'x'
      from generate_series(1, ${CUSTOMERS}) n`);
    await db.execute(sql`
      insert into entitlements (customer_id, dsp_id, plan_id, status)
      select customers.id, ${dspId}, (select id from plans where name = 'Plan de exportación'), 'ACTIVE' from customers where dsp_id = ${dspId}`);
    for (let from = 0; from < ROWS; from += FILL_BATCH) {
      await db.execute(sql`
        insert into bookings (code_ref, status, scheduled_at, dsp_id, customer_id, entitlement_id, plan_service_id, plan_id, notes, created_at)
        select 'AG-E' || lpad(n::text, 8, '0'), (array['PENDING', 'CONFIRMED', 'CANCELLED', 'CONSUMED']::booking_status[])[1 + n % 4],
          timestamptz '2027-01-01' + n * interval '1 minute', ${dspId}, e.customer_id, e.id,
          (select id from services where name = 'Asistencia de exportación'), e.plan_id,
          case when n % 10 = 0 then '=Nota ' || n end, timestamptz '2026-01-01' + n * interval '1 second'
        from generate_series(${from + 1}::int, ${Math.min(from + FILL_BATCH, ROWS)}::int) n
        join entitlements e on e.id = (select min(id) from entitlements where dsp_id = ${dspId}) + n % ${CUSTOMERS}`);
      process.stdout.write(`\r  ${Math.min(from + FILL_BATCH, ROWS).toLocaleString('es-CO')} agendamientos`);
    }
    await db.execute(sql`analyze`);
    console.log(`\n  lleno en ${((performance.now() - filled) / 1000).toFixed(1)} s`);
  } else {
    dspId = rowsOf<{ id: number }>(await db.execute(sql`select id from dsps where name = 'DSP de exportación'`))[0]!.id;
  }
  // A later run removes it (throwawayAdmin does first); dropping the database removes it anyway.
  const { token } = await throwawayAdmin(db, { email: 'bench-export@panel.local', name: 'Bench de exportación' });
  await database.close();

  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-export-'));
  child = spawn(process.execPath, [...flags['node-flags']!.split(' ').filter(Boolean), '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: 'Secreto123!' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child!.stdout!.on('data', (chunk) => {
      output += chunk;
      if (/listo en/.test(output)) resolve();
    });
    child!.once('exit', (code) => reject(new Error(`El servidor terminó (${code}) antes de estar listo:\n${output}`)));
  });
  const pid = child.pid!;
  const before = memoryOf(pid);
  let sampled = before.rss;
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 50);

  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/dsps/${dspId}/bookings/export`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': flags.encoding! } });
  if (response.status !== 200) throw new Error(`La exportación respondió ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryOf(pid);

  const rows = lines - 1;
  console.log(`Exportados ${rows.toLocaleString('es-CO')} agendamientos (${(bytes / 1e6).toFixed(0)} MB) en ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('es-CO')} filas/s).`);
  console.log(`Memoria residente del servidor: ${mb(before.rss)} MB antes; como mucho ${mb(sampled)} MB mientras exportaba; pico del proceso (VmHWM) ${mb(after.peak)} MB.`);
  console.log(after.peak / 1024 <= TARGET_RSS_MB ? `Dentro del objetivo: nunca más de ${TARGET_RSS_MB} MB.` : `FUERA DEL OBJETIVO: más de ${TARGET_RSS_MB} MB.`);
  if (rows !== ROWS && !flags.reuse) console.log(`ATENCIÓN: se esperaban ${ROWS} filas.`);
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`Base de datos conservada: ${name} (--reuse ${name})`);
  await admin.end();
}
