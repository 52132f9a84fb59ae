import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from './db/client';
import { claimDataDir, type DataDirClaim } from './db/data-dir-control';
import { seed } from './db/seed';
import { createLogMailer, createSmtpMailer } from './mail';
import { loggerOptions } from './http/request-log';
import { purgeExpiredRestores } from './modules/audit/restore';
import { purgeOldAuditEntries } from './modules/audit/service';
import { purgeExpiredAuthData } from './modules/auth/cleanup';
import { createReadiness } from './modules/health/readiness';
import { createCredentialBox, resolveAppKey } from './security/credentials';
import { createStorage } from './storage';

const started = Date.now();
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A wrong setting is the operator's to fix: say which and how, without a stack trace.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
// Starting until migrated, seeded and cleaned up; /health/ready answers 503 till then (and after a signal).
const readiness = createReadiness();
const storage = await createStorage(config);
// PGlite's files take one process at a time; the claim also answers `npm run backup` while serving.
let dataDirClaim: DataDirClaim | null = null;
if (!config.databaseUrl) {
  try {
    dataDirClaim = await claimDataDir(config.dataDir, 'El servidor');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
let report: Awaited<ReturnType<typeof seed>> | undefined;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  // Every statement would fail from then on: better a restart by the supervisor than an API answering 500s.
  onLost: (reason) => {
    console.error(`La base de datos embebida se detuvo (${reason.message}). El servidor termina para volver a empezar.`);
    process.exit(1);
  },
  // Migrated below, once the server listens: the balancer then sees this instance as starting.
  migrate: false,
});
const mailer = config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(config.mailLog);
const app = await buildApp({ config, db: database.db, listen: database.listen, mailer, storage, readiness, logger: loggerOptions(config.log) });

let stopping: Promise<void> | null = null;
/** Migrating, seeding and the first cleanup; a signal meanwhile lets them finish within the grace. */
let startingUp: Promise<void> = Promise.resolve();
/**
 * SIGTERM or SIGINT: not ready at once; no new connection; requests in flight finish, for up to
 * SHUTDOWN_GRACE, and the live streams are told to reconnect (see bookings/stream.ts); then the
 * database closes and the process ends with 0. Connections still open after the grace are cut.
 */
const shutdown = async (signal: NodeJS.Signals) => {
  readiness.markStopping();
  const grace = config.shutdownGraceSeconds;
  console.log(`${signal}: el servidor se detiene; las peticiones en curso tienen hasta ${grace} s para terminar (SHUTDOWN_GRACE).`);
  let graceOver: () => void = () => undefined;
  const pastGrace = new Promise<void>((resolve) => (graceOver = resolve));
  const cut = setTimeout(() => {
    graceOver();
    console.error(`Pasados ${grace} s (SHUTDOWN_GRACE) quedaban peticiones sin terminar: se cortan sus conexiones.`);
    app.server.closeAllConnections();
    // Work after the answers (a mail being sent) must not keep the process from ending either.
    setTimeout(() => {
      console.error('El servidor no terminó de cerrarse tras cortar las conexiones: sale sin esperar más.');
      process.exit(1);
    }, 5_000).unref();
  }, grace * 1000);
  try {
    await app.close();
    // The first seed is not one transaction: cut in the middle, the next start would not finish it.
    await Promise.race([startingUp.catch(() => undefined), pastGrace]);
    clearTimeout(cut);
    await database.close();
    await dataDirClaim?.release();
  } catch (error) {
    console.error(`Error al detener el servidor: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.exit(0);
};
const onSignal = (signal: NodeJS.Signals) => void (stopping ??= shutdown(signal));
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

const cleanUp = async () => {
  await purgeExpiredAuthData(database.db);
  // Before the history's own purge, which would drop the snapshots and leave their files behind.
  await purgeExpiredRestores(database.db, storage, app.log, config.restoreWindowSeconds);
  await purgeOldAuditEntries(database.db, config.auditRetentionSeconds);
};

// Listening before migrating: until ready, only /health answers; everything else is 503 (modules/health/readiness.ts).
await app.listen({ port: config.port, host: config.host });
startingUp = (async () => {
  await migrateDatabase(database, MIGRATIONS_FOLDER, async (db) => {
    report = await seed(db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo: config.seedDemo,
      storage,
      credentials: createCredentialBox(resolveAppKey(config)),
    });
  });
  await cleanUp();
})();
try {
  await startingUp;
} catch (error) {
  // A signal whose grace ran out during start-up closed the database under it: the shutdown ends the process.
  if (stopping) await new Promise(() => undefined);
  throw error;
}
// A signal during start-up: the shutdown under way ends the process.
if (stopping) await new Promise(() => undefined);
readiness.markReady();
if (database.dumpDataDir) dataDirClaim?.serveDumps(database.dumpDataDir);
// Not once stopping: the database closes under it.
setInterval(() => stopping ?? void cleanUp().catch((error) => app.log.error(error)), 60 * 60 * 1000).unref();

const url = config.publicUrl;
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;
const files = config.objectStorage
  ? `s3://${config.objectStorage.bucket}${config.objectStorage.prefix ? `/${config.objectStorage.prefix}` : ''}${config.objectStorage.endpoint ? ` en ${config.objectStorage.endpoint}` : ''}`
  : path.join(config.dataDir, 'uploads');
const lines = [
  '',
  `Panel de Control listo en ${url}  (${((Date.now() - started) / 1000).toFixed(1)} s, base de datos: ${where}, archivos: ${files})`,
  `API: ${url}/api  ·  Documentación: ${url}/api/docs`,
];
if (report?.admin) {
  lines.push(`Super admin creado: ${report.admin.email}`);
  if (report.admin.generatedPassword) {
    lines.push(`Contraseña generada (se muestra solo esta vez): ${report.admin.generatedPassword}`);
  }
}
if (report?.demo) lines.push(`Datos de demostración: ${report.demo.sponsors} sponsors, ${report.demo.campaigns} campañas y ${report.demo.plans} planes (SEED_DEMO=false para empezar vacío).`);
lines.push(
  config.smtpUrl
    ? 'Para entrar: correo y contraseña; el código de 6 dígitos llega por correo (SMTP).'
    : 'Para entrar: correo y contraseña; luego el código de 6 dígitos (ver el aviso siguiente).',
);
// Said once, at start: without SMTP nobody receives mail, which is right on a laptop and wrong in production.
if (!config.smtpUrl) {
  lines.push(
    `AVISO: SMTP_URL no está configurado. Los códigos de acceso y de recuperación no se envían por correo: se escriben en esta consola y en MAIL_LOG (${config.mailLog}).`,
    '       En producción configura SMTP_URL (por ejemplo smtps://usuario:clave@smtp.example.com:465).',
  );
}
lines.push('');
console.log(lines.join('\n'));
