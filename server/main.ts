import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { claimDataDir, type DataDirClaim } from './db/data-dir-control';
import { seed } from './db/seed';
import { loggerOptions } from './http/request-log';
import { createLogMailer, createSmtpMailer } from './mail';
import { purgeExpiredRestores } from './modules/audit/restore';
import { purgeOldAuditEntries } from './modules/audit/service';
import { purgeExpiredAuthData } from './modules/auth/cleanup';
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
  afterMigrate: async (db) => {
    report = await seed(db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo: config.seedDemo,
      storage,
      credentials: createCredentialBox(resolveAppKey(config)),
    });
  },
});
if (database.dumpDataDir) dataDirClaim?.serveDumps(database.dumpDataDir);
const mailer = config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(config.mailLog);
const app = await buildApp({ config, db: database.db, listen: database.listen, mailer, storage, logger: loggerOptions(config.log) });

const cleanUp = async () => {
  await purgeExpiredAuthData(database.db);
  // Before the history's own purge, which would drop the snapshots and leave their files behind.
  await purgeExpiredRestores(database.db, storage, app.log, config.restoreWindowSeconds);
  await purgeOldAuditEntries(database.db, config.auditRetentionSeconds);
};
await cleanUp();
setInterval(() => void cleanUp().catch((error) => app.log.error(error)), 60 * 60 * 1000).unref();

await app.listen({ port: config.port, host: config.host });

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

const shutdown = async () => {
  await app.close();
  await database.close();
  await dataDirClaim?.release();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
