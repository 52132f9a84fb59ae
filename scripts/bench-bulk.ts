/**
 * `npm run bench:bulk [-- --records 5000]`: on the configured database (DATABASE_URL, or PGlite under
 * DATA_DIR), one call of `POST /api/v1/dsps/{dspId}/bookings/bulk` confirms 5,000 pending bookings of
 * one DSP chosen by the list's filter, through the API as the panel calls it. Prints the seconds
 * and checks what one by one would leave: every booking CONFIRMED, one status-history row and one
 * history entry (with the call's batch_id) per booking. Target: 10 s on this machine. Its rows (a
 * sponsor, a DSP, a customer, the bookings and their history) are removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { auditLog, bookingStatusHistories, bookings, campaigns, countries, customers, dspPlans, dsps, entitlements, plans, services, sponsors } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { throwawayAdmin } from './support/throwaway-admin';

const { values: flags } = parseArgs({ options: { records: { type: 'string', default: '5000' } } });
const RECORDS = Number(flags.records);
const TARGET_SECONDS = 10;
if (!Number.isInteger(RECORDS) || RECORDS < 1 || RECORDS > 10_000) {
  console.error(`--records debe ser un entero de 1 a 10000: "${flags.records}"`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;
await migrateDatabase(database);
await seed(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, demo: false });
const app = await buildApp({ config, db, listen: database.listen, mailer: { send: async () => undefined }, logger: false });
const admin = await throwawayAdmin(db, { email: 'bench-bulk@panel.local', name: 'Bench masivo' });
const tag = `Bench masivo ${randomBytes(4).toString('hex')}`;

let sponsorId: number | null = null;
let dspId: number | null = null;
try {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
  const [sponsor] = await db.insert(sponsors).values({ name: tag, countryId: country!.id }).returning({ id: sponsors.id });
  sponsorId = sponsor!.id;
  const [campaign] = await db.insert(campaigns).values({ name: tag, sponsorId, countryId: country!.id }).returning({ id: campaigns.id });
  const [plan] = await db.insert(plans).values({ campaignId: campaign!.id, name: tag, description: 'bench' }).returning({ id: plans.id });
  const [dsp] = await db.insert(dsps).values({ name: tag, countryId: country!.id, sponsorId, type: 'BOOKING' }).returning({ id: dsps.id });
  dspId = dsp!.id;
  await db.insert(dspPlans).values({ dspId, planId: plan!.id });
  const [service] = await db.insert(services).values({ planId: plan!.id, name: tag, unlimitedCoverage: true, unlimitedEvents: true }).returning({ id: services.id });
  const [customer] = await db.insert(customers).values({ dspId, dni: 'BENCH-1', name: tag, email: 'bench-bulk@cliente.local', passwordHash: '!' }).returning({ id: customers.id });
  const [entitlement] = await db.insert(entitlements).values({ dspId, customerId: customer!.id, planId: plan!.id, status: 'ACTIVE' }).returning({ id: entitlements.id });
  await db.execute(sql`
    insert into ${bookings} (code_ref, status, scheduled_at, dsp_id, customer_id, entitlement_id, plan_service_id, plan_id)
    select 'BENCH-' || ${dspId} || '-' || g, 'PENDING', now() + g * interval '1 minute', ${dspId}, ${customer!.id}, ${entitlement!.id}, ${service!.id}, ${plan!.id}
    from generate_series(1, ${RECORDS}) g`);

  console.log(`Confirmando ${RECORDS.toLocaleString('es-CO')} agendamientos en una llamada (${where})…`);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/dsps/${dspId}/bookings/bulk`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { action: 'status', filter: { status: 'PENDING' }, status: 'CONFIRMED', reason: 'Bench' },
  });
  const seconds = (performance.now() - started) / 1000;
  if (response.statusCode !== 200) throw new Error(`La llamada respondió ${response.statusCode}: ${response.body}`);
  const result = response.json().data as { done: number; skipped: unknown[]; failed: unknown[]; batch_id: string };

  const confirmed = await db.$count(bookings, sql`${bookings.dspId} = ${dspId} and ${bookings.status} = 'CONFIRMED'`);
  const histories = await db.$count(bookingStatusHistories, sql`${bookingStatusHistories.bookingId} in (select id from ${bookings} where dsp_id = ${dspId}) and ${bookingStatusHistories.newStatus} = 'CONFIRMED'`);
  const entries = await db.$count(auditLog, eq(auditLog.batchId, result.batch_id));
  const checks: [string, boolean][] = [
    [`done ${result.done}, skipped ${result.skipped.length}, failed ${result.failed.length}`, result.done === RECORDS && result.skipped.length === 0 && result.failed.length === 0],
    [`${confirmed} CONFIRMED`, confirmed === RECORDS],
    [`${histories} filas de historial de estados`, histories === RECORDS],
    [`${entries} entradas de historial con el batch_id`, entries === RECORDS],
  ];
  for (const [line, ok] of checks) console.log(`  ${ok ? '✓' : '✗'} ${line}`);
  const perRecord = (seconds * 1000) / RECORDS;
  console.log(`${seconds.toFixed(2)} s (${perRecord.toFixed(2)} ms por agendamiento); objetivo ${TARGET_SECONDS} s: ${seconds <= TARGET_SECONDS ? 'cumplido' : 'NO cumplido'}.`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
} finally {
  // The bookings' history entries and status rows go with the bookings and the DSP.
  if (dspId !== null) {
    await db.delete(auditLog).where(sql`${auditLog.resource} = 'booking' and ${auditLog.resourceId} in (select id from ${bookings} where dsp_id = ${dspId})`);
    await db.delete(bookings).where(eq(bookings.dspId, dspId));
    await db.delete(entitlements).where(eq(entitlements.dspId, dspId));
    await db.delete(customers).where(eq(customers.dspId, dspId));
    await db.delete(dsps).where(eq(dsps.id, dspId));
  }
  if (sponsorId !== null) {
    const campaignIds = sql`(select id from ${campaigns} where sponsor_id = ${sponsorId})`;
    await db.delete(services).where(sql`${services.planId} in (select id from ${plans} where campaign_id in ${campaignIds})`);
    await db.delete(plans).where(sql`${plans.campaignId} in ${campaignIds}`);
    await db.delete(campaigns).where(eq(campaigns.sponsorId, sponsorId));
    await db.delete(sponsors).where(eq(sponsors.id, sponsorId));
  }
  await admin.remove();
  await app.close();
  await database.close();
}
