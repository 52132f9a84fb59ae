/**
 * `npm run seed:scale [-- --scale 0.01] [-- --reset]`: fills the configured database (DATABASE_URL,
 * or PGlite under DATA_DIR) with the load-test data set of server/db/seed/scale.ts.
 *
 * It refuses a database that already holds data beyond the base seed (countries, roles, the first
 * admin): the data set's ids are fixed. `--reset` first empties every table except countries, roles
 * and permissions (staff, sessions and the change history included) and seeds the base again.
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { customers, dsps, sponsors, categories, users } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { SCALE_PASSWORD, SCALE_STAFF_MAIL_DOMAIN, seedScale } from '../server/db/seed/scale';

/** Every table the data set or the panel's use fills; countries, roles and permissions stay. */
const EMPTIED_BY_RESET = [
  'booking_status_histories', 'bookings', 'entitlement_status_histories', 'entitlement_periods', 'sales_tallies', 'entitlements', 'customers',
  'api_clients', 'connector_plans', 'connectors', 'dsp_users', 'dsp_plans', 'dsps', 'services', 'campaign_categories', 'categories',
  'plans', 'campaigns', 'sponsors', 'audit_log', 'sessions', 'one_time_codes', 'user_roles', 'users', 'rate_limit_hits', 'cooldowns',
];

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, reset: { type: 'boolean', default: false } } });
const scale = Number(values.scale);
if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
  console.error(`--scale debe ser un número mayor que 0 y como mucho 10 (1 es el conjunto completo): "${values.scale}"`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;

const holdsData = async (db: Db) => {
  const total = async (table: typeof sponsors | typeof categories | typeof dsps | typeof customers | typeof users) =>
    (await db.select({ total: count() }).from(table))[0]?.total ?? 0;
  const [sponsorCount, categoryCount, dspCount, customerCount, userCount] = await Promise.all([sponsors, categories, dsps, customers, users].map(total));
  // The base seed leaves one user: the first super admin.
  return sponsorCount! + categoryCount! + dspCount! + customerCount! > 0 || userCount! > 1;
};

const started = performance.now();
try {
  if (values.reset) {
    console.log(`Vaciando la base de datos (${where}): todo salvo países, roles y permisos…`);
    await db.execute(sql.raw(`truncate table ${EMPTIED_BY_RESET.join(', ')} restart identity cascade`));
  }
  const base = await seed(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, demo: false });
  if (!values.reset && (await holdsData(db))) {
    console.error(
      `La base de datos (${where}) ya tiene datos (sponsors, categorías, DSP, clientes o más personal que el primer super admin). ` +
        'El conjunto de escala se carga en una base de datos vacía: usa otra (DATABASE_URL o DATA_DIR) o repite con --reset, ' +
        'que borra todos los datos salvo países, roles y permisos.',
    );
    process.exitCode = 1;
  } else {
    console.log(`Cargando el conjunto de escala ×${scale} en ${where}…`);
    const { sizes } = await seedScale(db, { scale, log: (line) => console.log(`  ${line}`) });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      [
        `Listo en ${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0)} s: ${sizes.sponsors} sponsors, ${sizes.campaigns} campañas, ${sizes.plans} planes, ` +
          `${sizes.dsps} DSP, ${sizes.customers} clientes, ${sizes.staff} personas del personal, ${sizes.bookings} agendamientos.`,
        `El personal y los clientes generados entran con la contraseña ${SCALE_PASSWORD} (correos @${SCALE_STAFF_MAIL_DOMAIN}).`,
        base.admin ? `Super admin: ${base.admin.email}${base.admin.generatedPassword ? `, contraseña generada: ${base.admin.generatedPassword}` : ''}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
} catch (error) {
  // The failing statement is pages of generated SQL: say what went wrong, not the statement.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`La carga falló: ${cause instanceof Error ? cause.message : String(cause)}. Repite con --reset para empezar de nuevo.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
