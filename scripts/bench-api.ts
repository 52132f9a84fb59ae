/**
 * `npm run bench:api [-- --quick] [-- --against <checkout | git ref>] [-- --rounds N] [-- --only bookings,customers]
 * [-- --explain] [-- --mixed-only] [-- --encoding br]`: the list endpoints under load on the configured database
 * (DATABASE_URL, or PGlite under DATA_DIR), meant for the scale data set (npm run seed:scale).
 *
 * Each list (a search, a filter, includes, a deep page) is loaded with 10 connections (autocannon) on the API,
 * on a minimal HTTP server that only sends the same statements and repeats the API's answer, and as those
 * statements alone on the driver: the API's median is held to 1.5× the minimal server's. Beside them, the CPU
 * each request cost the API and PostgreSQL's backends. First a floor held to no target, the least an
 * authenticated call costs (GET /api/auth/me); last a mixed run of 45 staff reading the lists and 5 writing.
 *
 * `--against`: an A/B in one run, so that the machine's swings fall on both sides. A is the other checkout
 * (its directory, or a git ref checked out into a temporary worktree), B this one; each is its own server
 * process (its server/main.ts) on the one PostgreSQL database, loaded in alternated rounds per list (A, B,
 * the minimal server, A, B…; `--rounds`, at least 2). B's median is held to 1.25× A's, and a difference within
 * the spread of one build's rounds counts as none. B is then the API of the other measures and the mixed run.
 * `--encoding br` asks for compressed answers, as a browser does. Misses come with the plan of their slowest
 * statement (EXPLAIN ANALYZE); the exit code is 0 either way: it measures, it does not judge.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { recordDriverCalls } from '../server/db/driver-calls';
import { sponsors } from '../server/db/schema';
import { describeCheckout, prepareCheckout, startCheckoutServer, type Checkout, type CheckoutServer } from './support/checkout-server';
import { cpuMeter, type CpuSpent } from './support/cpu-meter';
import { throwawayAdmin } from './support/throwaway-admin';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    only: { type: 'string' },
    'mixed-only': { type: 'boolean', default: false },
    encoding: { type: 'string' },
    against: { type: 'string' },
    rounds: { type: 'string' },
  },
});
/** `--only bookings,customers`: just the lists whose names start so (the mixed run reads those). */
const only = flags.only?.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean) ?? null;
/** Requests per endpoint (and replays of its SQL); seconds of the mixed run. */
const REQUESTS = flags.quick ? 100 : 400;
const MIXED_SECONDS = flags.quick ? 10 : 30;
/** Seconds each side of a list runs untimed before it is timed. */
const WARM_SECONDS = flags.quick ? 1 : 3;
/**
 * Timed rounds of each side of an A/B, per list (two at least, for the spread between a build's
 * rounds), and how long each lasts: by the clock, so that a fast list's round is not over before
 * the machine's other work has come and gone.
 */
const ROUNDS = Number(flags.rounds ?? (flags.quick ? 2 : 3));
const ROUND_SECONDS = flags.quick ? 1 : 3;
const CONNECTIONS = 10;
const BENCH_EMAIL = 'bench-api@panel.local';
const BENCH_SPONSOR_PREFIX = 'Sponsor de carga';
const TARGET = { ofMinimal: 1.5, ofBefore: 1.25, mixedP95Ms: 200, embeddedP99Ms: 500 };

if (!Number.isInteger(ROUNDS) || ROUNDS < 2) {
  console.error(`--rounds debe ser un entero de 2 o más: "${flags.rounds}"`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
const onServer = database.kind === 'postgres';
if (flags.against && !config.databaseUrl) {
  // PGlite's files are one process's: two servers cannot share them.
  console.error('--against necesita PostgreSQL (DATABASE_URL): los dos servidores usan la misma base de datos.');
  await database.close();
  process.exit(1);
}

// ---- statistics

const percentile = (sorted: number[], fraction: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!);
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
};
const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));

// ---- the driver, for capturing and replaying an endpoint's statements

type DriverCall = unknown[];
type Driver = { query: (...args: unknown[]) => Promise<unknown> };
const driver = (db as unknown as { $client: Driver }).$client;

/** The statements (the driver calls, arguments as given) that `run` sends. */
const captureStatements = async (run: () => Promise<unknown>): Promise<DriverCall[]> => (await recordDriverCalls(db, run)).calls;

const replay = (call: DriverCall) => driver.query(...call);
const statementText = (call: DriverCall) => (typeof call[0] === 'string' ? call[0] : (call[0] as { text: string }).text);

/**
 * Runs the statements one after the other over `concurrency` workers, `runs` times or for `seconds`;
 * the time of each run.
 */
async function replayUnderLoad(calls: DriverCall[], until: { runs: number } | { seconds: number }, concurrency: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const deadline = 'seconds' in until ? performance.now() + until.seconds * 1000 : Infinity;
  const more = () => ('runs' in until ? next++ < until.runs : performance.now() < deadline);
  const worker = async () => {
    while (more()) {
      const started = performance.now();
      for (const call of calls) await replay(call);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

/**
 * EXPLAIN ANALYZE of the slowest of the statements, each timed alone (the median of 3 runs after an
 * untimed one), all on one connection: the first use of a named statement on a connection prepares
 * it, and on a pool's other connections each timed run could be such a first use, timing the
 * preparation instead of the statement.
 */
async function planOfSlowest(calls: DriverCall[]): Promise<{ text: string; ms: number; plan: string; alone: { text: string; ms: number }[] }> {
  const pool = driver as Driver & { connect?: () => Promise<Driver & { release: () => void }> };
  const client = pool.connect ? await pool.connect() : null;
  const on = client ?? driver;
  try {
    let slowest = { call: calls[0]!, ms: -1 };
    const alone: { text: string; ms: number }[] = [];
    for (const call of calls) {
      const times: number[] = [];
      await on.query(...call);
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        await on.query(...call);
        times.push(performance.now() - started);
      }
      const elapsed = summary(times).median;
      alone.push({ text: statementText(call), ms: elapsed });
      if (elapsed > slowest.ms) slowest = { call, ms: elapsed };
    }
    const text = statementText(slowest.call);
    const result = (await on.query(`explain (analyze, buffers) ${text}`, (slowest.call[1] as unknown[] | undefined) ?? [])) as { rows: Record<string, string>[] };
    return { text, ms: slowest.ms, plan: result.rows.map((row) => row['QUERY PLAN']).join('\n'), alone };
  } finally {
    client?.release();
  }
}

// ---- the API, a signed-in super admin, the cases

const firstRow = async <T>(statement: string): Promise<T | undefined> => ((await db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows[0];

/** The sponsors mixed runs create; a write still in flight when a run ends is removed by the next one. */
const removeBenchSponsors = () => db.delete(sponsors).where(sql`${sponsors.name} like ${`${BENCH_SPONSOR_PREFIX} %`}`);
await removeBenchSponsors();
const { token, remove: removeBenchAdmin } = await throwawayAdmin(db, { email: BENCH_EMAIL, name: 'Prueba de carga' });
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
/** What the load generators send: `headers`, and `--encoding` if given (the lookups above read plain JSON). */
const loadHeaders = flags.encoding ? { ...headers, 'accept-encoding': flags.encoding } : headers;
const app = await buildApp({ config, db, listen: database.listen, mailer: { send: async () => undefined }, logger: false });
/** This checkout, whose server `--against` starts as B. */
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

/** A server under load: where it answers, and the process whose CPU is its own (null: this one). */
interface Target {
  label: string;
  origin: string;
  pid: number | null;
}

/**
 * The least any Node server could do for a list: a minimal HTTP server on this process's event loop
 * (the one the API uses) that, for each request, sends the list's statements on the driver one
 * after the other, as the replay does, and answers the very bytes and headers the API answered.
 * Loaded like the API, it times what loopback HTTP and one Node thread add to the SQL on this
 * machine before any of the API's own work: routing, authenticating, validating, building the
 * statements, presenting, serialising.
 */
const minimalAnswer: { calls: DriverCall[]; status: number; headers: OutgoingHttpHeaders; body: Buffer } = { calls: [], status: 200, headers: {}, body: Buffer.alloc(0) };
const minimalServer = createServer((request, response) => {
  void (async () => {
    for (const call of minimalAnswer.calls) await replay(call);
    response.writeHead(minimalAnswer.status, minimalAnswer.headers).end(minimalAnswer.body);
  })().catch((error: unknown) => response.writeHead(500).end(String(error)));
});
await new Promise<void>((resolve) => minimalServer.listen(0, '127.0.0.1', resolve));
const minimalOrigin = `http://127.0.0.1:${(minimalServer.address() as AddressInfo).port}`;
/** Has the minimal server send `calls` and repeat the API's answer to `path`, as the load generator asks for it. */
async function answerLikeTheApi(path: string, calls: DriverCall[]) {
  const answer = await app.inject({ method: 'GET', url: path, headers: loadHeaders });
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !['connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name)) headers[name] = value;
  }
  Object.assign(minimalAnswer, { calls, status: answer.statusCode, headers, body: answer.rawPayload });
}

const bookingDsp = (await firstRow<{ dsp_id: number }>('select dsp_id from bookings group by dsp_id order by count(*) desc limit 1'))?.dsp_id ?? 1;
const customerDsp = (await firstRow<{ dsp_id: number }>('select dsp_id from customers group by dsp_id order by count(*) desc limit 1'))?.dsp_id ?? 1;
const countryId = (await firstRow<{ id: number }>("select id from countries where code = 'CO'"))?.id ?? 1;

interface Case {
  name: string;
  path: string;
  /** The page near the end of the list (80 % of its pages) instead of the first. */
  deep?: true;
  /** Not a list: the least any authenticated call costs, measured first and held to no target. */
  floor?: true;
}

// Not the plans test's LIST_CALLS (tests/api/list-plans.test.ts), though the paths overlap: that
// list covers every documented list with terms that hit the demo data and small pages; these are
// the heavy cases of the scale data (its frequent surnames, the largest DSP, the page at 80 %),
// timed. A term that finds rows in one data set finds none in the other.
const CASES: Case[] = [
  // What every list pays before its own statements: HTTP, the statement that authenticates the
  // session, a small answer. A list's API time beyond it is its statements and its presentation.
  { name: 'suelo: GET /api/auth/me', path: '/api/auth/me', floor: true },
  { name: 'sponsors: búsqueda + país', path: '/api/v1/sponsors?filter[q]=andino&include=country' },
  { name: 'sponsors: página profunda', path: '/api/v1/sponsors?sort=name', deep: true },
  // The global search (the Ctrl+K palette), as a super admin: every type at once. The sponsors'
  // term, to set it beside the sponsors search; a frequent surname (customers, staff); the two
  // letters every booking code starts with, its worst case (each type ranks its first candidates only).
  { name: 'search: término de sponsors', path: '/api/v1/search?q=andino' },
  { name: 'search: apellido frecuente', path: '/api/v1/search?q=garcia' },
  { name: 'search: dos letras', path: '/api/v1/search?q=ag' },
  { name: 'campaigns: búsqueda + estado + includes', path: '/api/v1/campaigns?filter[q]=hogar&filter[status]=ACTIVE&include=sponsor,country,plans' },
  { name: 'campaigns: página profunda', path: '/api/v1/campaigns', deep: true },
  { name: 'plans: búsqueda + estado + includes', path: '/api/v1/plans?filter[q]=premium&filter[status]=ACTIVE&include=campaign,services' },
  { name: 'plans: página profunda', path: '/api/v1/plans', deep: true },
  { name: 'services: búsqueda + includes', path: '/api/v1/services?filter[q]=grua&filter[is_active]=1&include=plan,campaign,category' },
  { name: 'services: página profunda', path: '/api/v1/services', deep: true },
  { name: 'categories: raíces + subcategorías', path: '/api/v1/categories?filter[roots]=1&include=subcategories' },
  { name: 'users: búsqueda + rol', path: '/api/v1/users?filter[q]=garcia&filter[role]=OPERATOR' },
  { name: 'users: página profunda', path: '/api/v1/users', deep: true },
  { name: 'roles', path: '/api/v1/roles' },
  { name: 'dsps: búsqueda + includes', path: '/api/v1/dsps?filter[q]=red&include=sponsor,country,plans,users' },
  { name: 'dsps: página profunda', path: '/api/v1/dsps', deep: true },
  { name: 'customers: búsqueda + suscripciones', path: `/api/v1/dsps/${customerDsp}/customers?filter[q]=garcia&include=entitlements,entitlements.plan` },
  { name: 'customers: página profunda', path: `/api/v1/dsps/${customerDsp}/customers`, deep: true },
  { name: 'sales (suscripciones): estado + búsqueda', path: '/api/v1/sales?filter[status]=pagado&filter[q]=martinez' },
  { name: 'sales (suscripciones): página profunda', path: '/api/v1/sales', deep: true },
  // Not a list, but /ventas asks for it beside its first page: the totals of every sale.
  { name: 'sales (suscripciones): totales', path: '/api/v1/sales/summary' },
  { name: 'bookings: búsqueda + estado + includes', path: `/api/v1/dsps/${bookingDsp}/bookings?filter[q]=garcia&filter[status]=CONSUMED,CANCELLED&include=customer,plan,service` },
  { name: 'bookings: página profunda', path: `/api/v1/dsps/${bookingDsp}/bookings`, deep: true },
  // Not a list either: /agendamientos asks for its counters (all, today) beside its first page.
  { name: 'bookings: contadores', path: `/api/v1/dsps/${bookingDsp}/bookings/summary?tz=America/Bogota` },
  { name: 'audit: acción', path: '/api/v1/audit?filter[action]=create' },
];

/** The case's URL, a deep one on the page at 80 % of the list (read from its first page). */
async function resolvePath(entry: Case): Promise<string | { error: string }> {
  const first = await app.inject({ method: 'GET', url: entry.path, headers });
  if (first.statusCode !== 200) return { error: `${first.statusCode}: ${first.body.slice(0, 200)}` };
  if (!entry.deep) return entry.path;
  const lastPage = (first.json() as { data: { last_page: number } }).data.last_page;
  return `${entry.path}${entry.path.includes('?') ? '&' : '?'}page=${Math.max(1, Math.ceil(lastPage * 0.8))}`;
}

interface Load {
  latencies: number[];
  /** Readers only: the latencies of each path read. */
  byPath?: number[][];
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * A load generator in a process of its own (scripts/support/load-process.mjs), kept for the whole
 * run and sent one load at a time: like the server, it is warm when a timed load starts.
 */
function loadGenerator() {
  const child = fork(fileURLToPath(new URL('./support/load-process.mjs', import.meta.url)));
  let exited: Error | null = null;
  child.once('exit', (code) => (exited = new Error(`El generador de carga terminó (${code}) sin responder.`)));
  return {
    run: (spec: Record<string, unknown>) =>
      new Promise<Load>((resolve, reject) => {
        if (exited) return reject(exited);
        const onExit = () => reject(exited);
        child.once('exit', onExit);
        child.once('message', (answer: { result?: Load; error?: string }) => {
          child.off('exit', onExit);
          if (answer.result) resolve(answer.result);
          else reject(new Error(answer.error));
        });
        child.send(spec);
      }),
    close: () => child.kill(),
    pid: child.pid!,
  };
}
const generators = [loadGenerator(), loadGenerator()] as const;
const startMeter = cpuMeter(db, onServer, () => generators.map((generator) => generator.pid));

/** CPU per request in ms, one decimal: '3.7 + 6.0' (the API, then PostgreSQL's backends when they can be read). */
const cpuPerRequest = (spent: CpuSpent, requests: number) =>
  `${(spent.api / requests).toFixed(1)}${spent.database === null ? '' : ` + ${(spent.database / requests).toFixed(1)}`}`;

// ---- the run

const counts = await firstRow<Record<string, string>>(
  'select (select count(*) from sponsors) sponsors, (select count(*) from customers) customers, (select count(*) from entitlements) subscriptions, (select count(*) from bookings) bookings, (select count(*) from users) staff',
);
console.log(`Base de datos: ${onServer ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`}; ${Object.entries(counts ?? {}).map(([table, total]) => `${total} ${table}`).join(', ')}.`);
console.log(`${REQUESTS} peticiones por lista con ${CONNECTIONS} conexiones; el SQL, las mismas sentencias ${REQUESTS} veces con ${CONNECTIONS} a la vez.`);

const header = ['lista', 'API mediana', 'API p95', 'HTTP + SQL', 'SQL mediana', 'API / HTTP + SQL', onServer ? 'CPU/petición: API + BD' : 'CPU/petición', onServer ? 'CPU/petición HTTP + SQL: proceso + BD' : 'CPU/petición HTTP + SQL', `≤ ${TARGET.ofMinimal}×`];
const rows: string[][] = [];
const abRows: string[][] = [];
const misses: { name: string; calls: DriverCall[] }[] = [];
/** Each list over the ratio: what the API takes beyond the minimal server, and what the ratio allows it. */
const overRatio: { name: string; taken: number; allowed: number }[] = [];
/** Each list's verdicts: within the ratio of the minimal server, and (A/B) within the ratio of A. */
const verdicts: boolean[] = [];
const abVerdicts: boolean[] = [];
const readPaths: string[] = [];
/** The list each read path is, by its name in CASES, for the mixed run's breakdown. */
const readNames: string[] = [];

interface Measured {
  load: Load;
  spent: CpuSpent;
}
const failures = (load: Load) => load.errors + load.timeouts + load.non2xx;
/** One side's rounds as one load: their latencies together, their failures and CPU summed. */
const merged = (rounds: Measured[]): Measured => ({
  load: {
    latencies: rounds.flatMap(({ load }) => load.latencies),
    errors: rounds.reduce((sum, { load }) => sum + load.errors, 0),
    timeouts: rounds.reduce((sum, { load }) => sum + load.timeouts, 0),
    non2xx: rounds.reduce((sum, { load }) => sum + load.non2xx, 0),
  },
  spent: rounds.map(({ spent }) => spent).reduce((sum, spent) => ({
    api: sum.api + spent.api,
    database: sum.database === null || spent.database === null ? null : sum.database + spent.database,
    generator: sum.generator === null || spent.generator === null ? null : sum.generator + spent.generator,
  })),
});

/**
 * A's and B's rounds of one list compared: each side's median over all its rounds' requests, B/A,
 * and the spread (the larger gap between two rounds' medians of one build), within which a
 * difference is no difference.
 */
function compareRounds(a: Measured[], b: Measured[]): { cells: string[]; within: boolean } {
  const roundMedians = (rounds: Measured[]) => rounds.map(({ load }) => summary(load.latencies).median);
  const [aRounds, bRounds] = [roundMedians(a), roundMedians(b)];
  const [aMedian, bMedian] = [summary(merged(a).load.latencies).median, summary(merged(b).load.latencies).median];
  const spread = Math.max(...[aRounds, bRounds].map((medians) => Math.max(...medians) - Math.min(...medians)));
  const ratio = bMedian / aMedian;
  const failed = [...a, ...b].reduce((sum, { load }) => sum + failures(load), 0);
  const [verdict, within] =
    failed > 0 || Number.isNaN(ratio)
      ? [`✗ ${failed} fallos`, false]
      : Math.abs(bMedian - aMedian) <= spread
        ? ['igual, dentro del ruido', true]
        : bMedian < aMedian
          ? ['más rápido', true]
          : ratio <= TARGET.ofBefore
            ? [`más lento, dentro de ${TARGET.ofBefore}×`, true]
            : [`✗ más lento que ${TARGET.ofBefore}×`, false];
  const perRound = (medians: number[], median: number) => `${medians.map(ms).join(' / ')} (${ms(median)})`;
  const cpu = (rounds: Measured[]) => {
    const side = merged(rounds);
    return cpuPerRequest(side.spent, side.load.latencies.length);
  };
  return { cells: [perRound(aRounds, aMedian), perRound(bRounds, bMedian), Number.isNaN(ratio) ? '—' : ratio.toFixed(2), ms(spread), verdict, cpu(a), cpu(b)], within };
}

const servers: CheckoutServer[] = [];
let checkout: Checkout | null = null;
try {
  /** The API the lists, the minimal server's ratio and the mixed run measure; with `--against`, B. */
  let api: Target;
  let sides: { a: Target; b: Target } | null = null;
  if (flags.against) {
    checkout = prepareCheckout(here, flags.against);
    const ready = async (origin: string) => {
      const answer = await fetch(`${origin}/api/auth/me`, { headers });
      await answer.arrayBuffer();
      return answer.status === 200;
    };
    const settings = { databaseUrl: config.databaseUrl!, publicUrl: config.publicUrl };
    // One after the other: each applies the migrations it knows as it starts.
    for (const dir of [checkout.dir, here]) servers.push(await startCheckoutServer(dir, settings, ready));
    sides = {
      a: { label: `A: ${checkout.label}`, origin: servers[0]!.origin, pid: servers[0]!.pid },
      b: { label: `B: ${describeCheckout(here)}`, origin: servers[1]!.origin, pid: servers[1]!.pid },
    };
    api = sides.b;
    console.log(`A/B en rondas alternas (${ROUNDS} de ${ROUND_SECONDS} s de cada uno por lista, y del servidor mínimo), cada uno su propio proceso (server/main.ts) en esta base de datos:\n  ${sides.a.label}  (${checkout.dir})\n  ${sides.b.label}  (${here})`);
  } else {
    await app.listen({ host: '127.0.0.1', port: 0 });
    api = { label: 'esta copia, en este proceso', origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, pid: null };
  }
  console.log('');

  const fixedLoad = (target: Target, path: string) => ({ kind: 'fixed', url: target.origin + path, headers: loadHeaders, connections: CONNECTIONS });
  const warmUp = (target: Target, path: string) => generators[0].run({ ...fixedLoad(target, path), seconds: WARM_SECONDS });
  /** `path` loaded on `target`: `REQUESTS` of it, or as many as `seconds` allow. */
  const timedLoad = async (target: Target, path: string, seconds?: number): Promise<Measured> => {
    const stopMeter = await startMeter(target.pid);
    const load = await generators[0].run({ ...fixedLoad(target, path), ...(seconds === undefined ? { amount: REQUESTS } : { seconds }) });
    return { load, spent: await stopMeter() };
  };

  for (const entry of CASES.filter((candidate) => candidate.floor || !only || only.some((name) => candidate.name.startsWith(name)))) {
    const path = await resolvePath(entry);
    if (typeof path !== 'string') {
      rows.push([entry.name, 'ERROR', path.error, '', '', '', '', '', '✗']);
      if (!entry.floor) verdicts.push(false);
      continue;
    }
    if (!entry.floor) {
      readPaths.push(path);
      readNames.push(entry.name);
    }
    // `--mixed-only`: the lists are only resolved, for the mixed run to read.
    if (flags['mixed-only']) continue;
    const calls = await captureStatements(() => app.inject({ method: 'GET', url: path, headers }));
    // Every side runs untimed first, as a server and its database that have been serving staff all
    // day: code paths compiled and optimised, pages in the database's cache. Otherwise the first
    // list measured pays for the whole program's warm-up. For seconds, not a number of requests:
    // after one round as long as the timed one the API's code was still being optimised.
    // The minimal server loaded like the API: what HTTP and a Node thread add to the SQL, and
    // beyond that the API's own work (its CPU beside the minimal server's says how much).
    await answerLikeTheApi(path, calls);
    const minimalTarget: Target = { label: 'HTTP + SQL', origin: minimalOrigin, pid: null };
    let served: Measured;
    let minimal: Measured;
    let compared: ReturnType<typeof compareRounds> | null = null;
    if (sides) {
      // Each warmed once: between its rounds it only waits for the others'. The minimal server
      // takes its turn in every round too, so that its ratio is taken under the same swings.
      const targets = { a: sides.a, b: sides.b, minimal: minimalTarget };
      for (const target of Object.values(targets)) await warmUp(target, path);
      const rounds: Record<keyof typeof targets, Measured[]> = { a: [], b: [], minimal: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of ['a', 'b', 'minimal'] as const) rounds[side].push(await timedLoad(targets[side], path, ROUND_SECONDS));
      }
      compared = compareRounds(rounds.a, rounds.b);
      abRows.push([entry.name, ...compared.cells]);
      if (!entry.floor) abVerdicts.push(compared.within);
      served = merged(rounds.b);
      minimal = merged(rounds.minimal);
    } else {
      await warmUp(api, path);
      served = await timedLoad(api, path);
      await warmUp(minimalTarget, path);
      minimal = await timedLoad(minimalTarget, path);
    }
    // Then the SQL alone, under the same concurrency.
    await replayUnderLoad(calls, { seconds: WARM_SECONDS }, CONNECTIONS);
    const bare = summary(await replayUnderLoad(calls, { runs: REQUESTS }, CONNECTIONS));
    const apiTimes = summary(served.load.latencies);
    const minimalTimes = summary(minimal.load.latencies);
    const ratio = apiTimes.median / minimalTimes.median;
    const failed = failures(served.load) + failures(minimal.load);
    const met = failed === 0 && ratio <= TARGET.ofMinimal;
    if (!entry.floor && (!met || (compared && !compared.within) || flags.explain)) misses.push({ name: entry.name, calls });
    rows.push([
      entry.name,
      ms(apiTimes.median),
      ms(apiTimes.p95),
      ms(minimalTimes.median),
      `${ms(bare.median)} (${calls.length} sent.)`,
      Number.isNaN(ratio) ? '—' : ratio.toFixed(2),
      cpuPerRequest(served.spent, served.load.latencies.length),
      cpuPerRequest(minimal.spent, minimal.load.latencies.length),
      failed > 0 ? `✗ ${failed} fallos` : entry.floor ? '—' : met ? 'sí' : '✗',
    ]);
    // Said as each list ends, so a run cut short still tells what it measured.
    const ab = compared ? `; A ${compared.cells[0]} ms, B ${compared.cells[1]} ms: ${compared.cells[4]}` : '';
    console.log(`  ${entry.name}: API ${ms(apiTimes.median)} ms (p95 ${ms(apiTimes.p95)}), HTTP + SQL ${ms(minimalTimes.median)} ms, SQL ${ms(bare.median)} ms${ab}`);
    if (!entry.floor) {
      verdicts.push(met);
      if (ratio > TARGET.ofMinimal) overRatio.push({ name: entry.name, taken: apiTimes.median - minimalTimes.median, allowed: (TARGET.ofMinimal - 1) * minimalTimes.median });
    }
  }

  if (rows.length > 0) {
    console.log(`\n${table(header, rows)}`);
    console.log(`API: ${api.label}. Por lista: mediana ≤ ${TARGET.ofMinimal}× la del servidor mínimo (HTTP + SQL), sin errores.`);
    console.log(`Listas que cumplen: ${verdicts.filter(Boolean).length} de ${verdicts.length}.`);
    console.log('El suelo no es una lista: lo que cuesta cualquier petición autenticada (HTTP, la sentencia de la sesión, una respuesta pequeña).');
    console.log('HTTP + SQL: un servidor HTTP mínimo en este proceso que solo envía las mismas sentencias y repite la respuesta de la API, con la misma carga.');
    console.log('Lo que la CPU de la API pasa de la del servidor mínimo es su propio trabajo: enrutar, autenticar, validar, construir las sentencias, presentar, serializar.');
    if (overRatio.length > 0) {
      const overTable = table(
        [`lista por encima de ${TARGET.ofMinimal}× el servidor mínimo`, 'la API sobre el servidor mínimo', `lo que deja el ${TARGET.ofMinimal}×`],
        overRatio.map(({ name, taken, allowed }) => [name, `${ms(taken)} ms`, `${ms(allowed)} ms`]),
      );
      console.log(`\n${overTable}`);
    }
    console.log('');
  }
  if (sides && abRows.length > 0) {
    console.log(table(['lista', 'A por ronda (todas), ms', 'B por ronda (todas), ms', 'B/A', 'dispersión, ms', 'veredicto', ...['A', 'B'].map((side) => (onServer ? `CPU/petición ${side}: API + BD` : `CPU/petición ${side}`))], abRows));
    console.log(`${sides.a.label}; ${sides.b.label}. Rondas alternas A, B, servidor mínimo, A, B…; entre paréntesis, la mediana de todas las peticiones de sus rondas, de la que sale B/A.`);
    console.log('Dispersión: la mayor diferencia entre las medianas de dos rondas de un mismo build; una diferencia entre A y B menor que ella no cuenta.');
    console.log('La CPU por petición no depende de lo que haga el resto de la máquina, las latencias sí: dice si B trabaja más o solo tuvo peor suerte.');
    console.log(`Listas dentro de ${TARGET.ofBefore}× de A, o más rápidas: ${abVerdicts.filter(Boolean).length} de ${abVerdicts.length} (el suelo no cuenta).\n`);
  }

  // Mixed: 45 staff reading the lists above, 5 creating a sponsor and then updating it.
  const runId = randomBytes(3).toString('hex');
  const stopMixedMeter = await startMeter(api.pid);
  const [readers, writers] = await Promise.all([
    generators[0].run({ kind: 'readers', origin: api.origin, headers: loadHeaders, connections: 45, seconds: MIXED_SECONDS, paths: readPaths }),
    generators[1].run({
      kind: 'writers',
      origin: api.origin,
      // Plain JSON: each writer reads the id its creation answers (a sponsor, under 1 KB either way).
      headers: { ...headers, 'content-type': 'application/json' },
      connections: 5,
      seconds: MIXED_SECONDS,
      namePrefix: `${BENCH_SPONSOR_PREFIX} ${runId}`,
      runId,
      countryId,
    }),
  ]);
  const mixedSpent = await stopMixedMeter();
  const all = summary([...readers.latencies, ...writers.latencies]);
  const read = summary(readers.latencies);
  const write = summary(writers.latencies);
  const mixedFailures = readers.errors + readers.non2xx + writers.errors + writers.non2xx;
  const mixedTimeouts = readers.timeouts + writers.timeouts;
  const mixedMet = onServer ? all.p95 <= TARGET.mixedP95Ms && mixedFailures + mixedTimeouts === 0 : all.p99 <= TARGET.embeddedP99Ms && mixedTimeouts === 0;
  console.log(
    table(
      ['carga mixta (50 personas, ' + MIXED_SECONDS + ' s)', 'peticiones', 'mediana', 'p95', 'p99', 'errores', 'timeouts'],
      [
        ['45 leyendo listas', String(readers.latencies.length), ms(read.median), ms(read.p95), ms(read.p99), String(readers.errors + readers.non2xx), String(readers.timeouts)],
        ['5 creando y editando sponsors', String(writers.latencies.length), ms(write.median), ms(write.p95), ms(write.p99), String(writers.errors + writers.non2xx), String(writers.timeouts)],
        ['todas', String(readers.latencies.length + writers.latencies.length), ms(all.median), ms(all.p95), ms(all.p99), String(mixedFailures), String(mixedTimeouts)],
      ],
    ),
  );
  // Which lists make the mixed run's tail: each list's share of the requests past the run's p95.
  const tail = (readers.byPath ?? [])
    .map((latencies, index) => ({ name: readNames[index]!, latencies, ...summary(latencies), past: latencies.filter((latency) => latency > all.p95).length }))
    .sort((a, b) => b.past - a.past || b.p95 - a.p95)
    .slice(0, 5);
  const pastP95 = tail.length > 0 ? [...readers.latencies, ...writers.latencies].filter((latency) => latency > all.p95).length : 0;
  if (tail.length > 0) {
    console.log(
      table(
        ['las listas más lentas en la carga mixta', 'peticiones', 'mediana', 'p95', `de las ${pastP95} por encima del p95`],
        tail.map((list) => [list.name, String(list.latencies.length), ms(list.median), ms(list.p95), String(list.past)]),
      ),
    );
  }
  console.log(capacity(mixedSpent, readers.latencies.length + writers.latencies.length, 50));
  console.log(
    onServer
      ? `Objetivo (PostgreSQL): p95 ≤ ${TARGET.mixedP95Ms} ms, sin errores ni timeouts: ${mixedMet ? 'cumplido' : '✗ NO CUMPLIDO'}.\n`
      : `Objetivo (PGlite): p99 ≤ ${TARGET.embeddedP99Ms} ms, sin timeouts: ${mixedMet ? 'cumplido' : '✗ NO CUMPLIDO'}.\n`,
  );

  // The mixed run's last requests may still be in flight when its clients stop: each statement
  // timed below would wait for a connection of the pool behind them.
  await app.close();
  for (const server of servers) await server.stop();
  for (const miss of misses) {
    const { text, ms: elapsed, plan, alone } = await planOfSlowest(miss.calls);
    // Each statement alone first: the list's SQL time, statement by statement.
    const each = alone.map((statement) => `  ${statement.ms.toFixed(1).padStart(6)} ms  ${statement.text.replace(/\s+/g, ' ').slice(0, 110)}`).join('\n');
    console.log(`── ${miss.name}: cada sentencia sola\n${each}\n── la más lenta (${elapsed.toFixed(1)} ms sola)\n${text}\n${plan}\n`);
  }
} finally {
  for (const generator of generators) generator.close();
  minimalServer.close();
  await app.close();
  for (const server of servers) await server.stop();
  checkout?.remove();
  await removeBenchSponsors();
  await removeBenchAdmin();
  // The run's writes leave dead sponsors and a trigram index's pending list behind; where
  // autovacuum is off they would slow the next run's sponsor lists (a search planned as a full scan).
  await db.execute(sql`vacuum analyze sponsors`);
  await database.close();
}

/**
 * What the mixed run cost the machine per request, and what that allows: `cores` divided by the CPU
 * a request takes is the most requests per second the machine can serve, and with `staff`
 * requests always in flight (each sends the next as soon as it is answered) the mean latency
 * cannot fall below `staff` over that rate (Little's law), however the work is arranged.
 */
function capacity(spent: CpuSpent, requests: number, staff: number): string {
  const cores = availableParallelism();
  const parts = [`${onServer ? 'API' : 'API con PGlite'} ${(spent.api / requests).toFixed(1)} ms`];
  if (spent.database !== null) parts.push(`PostgreSQL ${(spent.database / requests).toFixed(1)} ms`);
  if (spent.generator !== null) parts.push(`generador de carga ${(spent.generator / requests).toFixed(1)} ms`);
  const perRequest = spent.api + (spent.database ?? 0) + (spent.generator ?? 0);
  if (spent.database === null && onServer) return `CPU por petición en la carga mixta: ${parts.join(', ')} (la de PostgreSQL no se puede leer aquí).`;
  const ceiling = (cores * 1000 * requests) / perRequest;
  return (
    `CPU por petición en la carga mixta: ${parts.join(', ')}; en total ${(perRequest / requests).toFixed(1)} ms. ` +
    `Con ${cores} núcleos caben a lo sumo ${ceiling.toFixed(0)} peticiones/s, y con ${staff} a la vez la latencia media no baja de ${((staff * 1000) / ceiling).toFixed(0)} ms.`
  );
}

function table(columns: string[], body: string[][]): string {
  const widths = columns.map((column, index) => Math.max(column.length, ...body.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  return [line(columns), `|${widths.map((width, index) => (index === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}
