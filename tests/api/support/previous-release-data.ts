import { CREDENTIAL_MASK } from '@contract/connector.constants';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '@contract/permissions';
import { ROLE_NAMES, ROLE_SLUGS } from '@contract/role';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import type { CredentialBox } from '../../../server/security/credentials';
import { hashPassword } from '../../../server/security/password';
import { generateToken, hashSecret } from '../../../server/security/secrets';
import type { Storage, StorageFolder } from '../../../server/storage';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './context';
import { GIF_1X1, JPEG_BYTES, pngBytes } from './uploads';

/**
 * Data of every resource as the previous release (PREVIOUS_RELEASE_MIGRATION) stores it, written
 * with plain SQL against its tables as they were then: the app's drizzle schema is the head's, and
 * a column added since would make its inserts fail on the old schema. When the baseline moves
 * forward, bring these inserts to the new baseline's tables and add rows to the tables it added
 * (the upgrade test fails on a table left empty). Beside each insert, what the API must answer of
 * it after the upgrade.
 */

type Value = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;
type Row = Record<string, unknown>;

export interface PreviousReleaseData {
  /** A session the super admin opened before the upgrade: its bearer token. */
  sessionToken: string;
  /** A staff member with a role of their own and one DSP assigned. */
  staff: { email: string; password: string; dspId: number };
  /** Each list and how many items it answers (all of them: the fill is smaller than a page). */
  lists: { url: string; total: number }[];
  /** Each record's detail (and the totals kept from them) and fields its answer must have. */
  details: { url: string; expected: Row }[];
  /** Every stored file by its key, with its bytes. */
  files: Map<string, Buffer>;
  /** The connector whose credentials are stored encrypted, and their plain values. */
  connector: { id: number; settings: Row; params: Row };
}

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** `{a,"b c"}`: a text array as PostgreSQL reads it. */
const arrayLiteral = (items: readonly unknown[]) => `{${items.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Inserts rows with each value cast to its column's type as the database has it now (read from the
 * catalogue, not from the head schema), and answers the rows inserted.
 */
function inserter(db: Db) {
  const columnTypes = new Map<string, Map<string, string>>();
  const typesOf = async (table: string) => {
    let types = columnTypes.get(table);
    if (!types) {
      const rows = await rowsOf<{ name: string; type: string }>(
        db,
        sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
            where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`,
      );
      types = new Map(rows.map((row) => [row.name, row.type]));
      columnTypes.set(table, types);
    }
    return types;
  };
  const text = (value: Value, type: string): string | null => {
    if (value === null) return null;
    if (type === 'jsonb' || type === 'json') return JSON.stringify(value);
    if (Array.isArray(value)) return arrayLiteral(value);
    if (value instanceof Date) return value.toISOString();
    return String(value);
  };
  return async (table: string, rows: Record<string, Value>[]): Promise<Row[]> => {
    const types = await typesOf(table);
    const inserted: Row[] = [];
    for (const row of rows) {
      const columns = Object.keys(row);
      const values = columns.map((column) => {
        const type = types.get(column);
        if (!type) throw new Error(`${table} no tiene la columna ${column} en este esquema.`);
        return sql`${text(row[column]!, type)}::${sql.raw(type)}`;
      });
      const query = sql`insert into ${sql.identifier(table)} (${sql.join(columns.map((column) => sql.identifier(column)), sql`, `)})
        values (${sql.join(values, sql`, `)}) returning *`;
      inserted.push(...(await rowsOf<Row>(db, query)));
    }
    return inserted;
  };
}

/** A small valid PDF: what a plan's document is checked to be. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const DAY = 86_400_000;

/** Fills a database migrated to PREVIOUS_RELEASE_MIGRATION, and its files into `storage`. */
export async function fillPreviousRelease(db: Db, storage: Storage, credentials: CredentialBox): Promise<PreviousReleaseData> {
  const insert = inserter(db);
  const one = async (table: string, row: Record<string, Value>) => (await insert(table, [row]))[0]!;
  const idOf = async (table: string, row: Record<string, Value>) => (await one(table, row)).id as number;
  const files = new Map<string, Buffer>();
  const store = async (bytes: Buffer, folder: StorageFolder, extension: string) => {
    const key = await storage.put(bytes, { folder, extension });
    files.set(key, bytes);
    return key;
  };
  const lists: PreviousReleaseData['lists'] = [];
  const details: PreviousReleaseData['details'] = [];
  const now = Date.now();

  // Countries, with their currencies (0023).
  const chile = await idOf('countries', { name: 'Chile', code: 'CL', currency: 'CLP' });
  const peru = await idOf('countries', { name: 'Perú', code: 'PE', currency: 'PEN' });
  await idOf('countries', { name: 'Tierra de Nadie', code: null, currency: null });
  lists.push({ url: '/api/v1/countries', total: 3 });
  details.push({ url: `/api/v1/countries/${peru}`, expected: { name: 'Perú', code: 'PE' } });

  // The permission catalogue, the four roles with their defaults, and one role staff made. The
  // catalogue is the code's (rows, not schema): the seed after the upgrade adds what it lacks.
  const permissionIds = new Map<string, number>();
  for (const [name, { area, label }] of Object.entries(PERMISSIONS)) permissionIds.set(name, await idOf('permissions', { name, area, label }));
  const roleIds = new Map<string, number>();
  for (const slug of ROLE_SLUGS) {
    const id = await idOf('roles', { name: ROLE_NAMES[slug], slug });
    roleIds.set(slug, id);
    await insert('role_permissions', DEFAULT_ROLE_PERMISSIONS[slug].map((name) => ({ role_id: id, permission_id: permissionIds.get(name)! })));
  }
  const support = await idOf('roles', { name: 'Soporte de reservas', slug: 'SOPORTE_RESERVAS' });
  await insert('role_permissions', [
    { role_id: support, permission_id: permissionIds.get('operations.view')! },
    { role_id: support, permission_id: permissionIds.get('bookings.change-status')! },
  ]);
  lists.push({ url: '/api/v1/roles', total: ROLE_SLUGS.length + 1 });
  details.push({ url: `/api/v1/roles/${support}`, expected: { name: 'Soporte de reservas', slug: 'SOPORTE_RESERVAS', permissions: ['operations.view', 'bookings.change-status'] } });

  // Staff: the super admin and a member of the support role.
  const admin = await idOf('users', { name: 'Super Admin', email: ADMIN_EMAIL, password_hash: await hashPassword(ADMIN_PASSWORD), is_active: true });
  const staffPassword = 'Soporte123!';
  const staff = await idOf('users', {
    name: 'Marta Núñez',
    email: 'marta@panel.test',
    dni: '12345678-5',
    phone: '+56 9 1234 5678',
    password_hash: await hashPassword(staffPassword),
    is_active: true,
    country_id: chile,
  });
  await insert('user_roles', [
    { user_id: admin, role_id: roleIds.get('SUPER_ADMIN')! },
    { user_id: staff, role_id: support },
  ]);
  lists.push({ url: '/api/v1/users', total: 2 });
  details.push({ url: `/api/v1/users/${staff}`, expected: { name: 'Marta Núñez', email: 'marta@panel.test', dni: '12345678-5', phone: '+56 9 1234 5678', country_id: chile } });

  // Sign-in state: an open session, a used code, a rate-limit window and a cooldown, all past or valid.
  const sessionToken = generateToken();
  lists.push({ url: '/api/auth/sessions', total: 1 });
  await one('sessions', {
    user_id: admin,
    token_hash: hashSecret(sessionToken),
    expires_at: new Date(now + 7 * DAY),
    last_used_at: new Date(now - DAY),
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
    address: '203.0.113.7',
  });
  await one('one_time_codes', { user_id: staff, purpose: 'login', code_hash: hashSecret('123456'), expires_at: new Date(now - DAY), consumed_at: new Date(now - DAY) });
  await one('rate_limit_hits', { key: 'login:marta@panel.test', window_start: new Date(now - 2 * DAY), count: 1 });
  await one('cooldowns', { key: 'previous-release', until: new Date(now - DAY) });

  // Sponsors, one with a logo.
  const logo = await store(pngBytes(8, [10, 120, 200]), 'sponsors', 'png');
  const sponsor = await idOf('sponsors', { name: 'Asistencia Andina', country_id: chile, logo_path: logo, website_url: 'https://andina.example' });
  const otherSponsor = await idOf('sponsors', { name: 'Sin Logo SpA', country_id: peru });
  lists.push({ url: '/api/v1/sponsors', total: 2 });
  details.push({ url: `/api/v1/sponsors/${sponsor}`, expected: { name: 'Asistencia Andina', country_id: chile, website_url: 'https://andina.example' } });
  details.push({ url: `/api/v1/sponsors/${otherSponsor}`, expected: { name: 'Sin Logo SpA', logo_url: null } });

  // Campaigns: the currency comes from the country (the 0023 trigger).
  const campaign = await idOf('campaigns', {
    name: 'Hogar Protegido 2026',
    description: 'Asistencia en el hogar',
    status: 'ACTIVE',
    sponsor_id: sponsor,
    country_id: chile,
    image_path: await store(pngBytes(6, [200, 200, 0]), 'campaigns', 'png'),
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    budget: '1500000.00',
  });
  const draft = await idOf('campaigns', { name: 'Borrador', sponsor_id: otherSponsor, country_id: peru });
  lists.push({ url: '/api/v1/campaigns', total: 2 });
  details.push({ url: `/api/v1/campaigns/${campaign}`, expected: { name: 'Hogar Protegido 2026', status: 'ACTIVE', start_date: '2026-01-01', end_date: '2026-12-31', budget: 1500000, currency: 'CLP', sponsor_id: sponsor } });
  details.push({ url: `/api/v1/campaigns/${draft}`, expected: { name: 'Borrador', status: 'DRAFT' } });

  // The catalogue of categories, and a campaign's own category linked to a root.
  const root = await idOf('categories', { name: 'Hogar', description: 'Servicios del hogar', image_path: await store(GIF_1X1, 'categories', 'gif') });
  const child = await idOf('categories', { name: 'Gasfitería', parent_id: root });
  lists.push({ url: '/api/v1/categories', total: 2 });
  details.push({ url: `/api/v1/categories/${root}`, expected: { name: 'Hogar', description: 'Servicios del hogar', parent_id: null } });
  details.push({ url: `/api/v1/categories/${child}`, expected: { name: 'Gasfitería', parent_id: root } });
  const campaignCategory = await idOf('campaign_categories', {
    campaign_id: campaign,
    category_id: root,
    name: 'Urgencias del hogar',
    description: 'Lo que no espera',
    image_path: await store(pngBytes(4, [0, 90, 0]), 'categories', 'png'),
  });
  lists.push({ url: `/api/v1/campaigns/${campaign}/campaign-categories`, total: 1 });
  details.push({ url: `/api/v1/campaign-categories/${campaignCategory}`, expected: { name: 'Urgencias del hogar', campaign_id: campaign, category_id: root } });

  // Plans with prices, an image and a document, one the upgrade of the other.
  const plan = await idOf('plans', {
    campaign_id: campaign,
    name: 'Plan Hogar',
    description: 'Cobertura básica',
    price: '19990.00',
    status: 'ACTIVE',
    image_path: await store(JPEG_BYTES, 'plans', 'jpg'),
    document_path: await store(PDF_BYTES, 'plans', 'pdf'),
    inclusions: 'Gasfitería\nElectricidad',
    exclusions: 'Daños previos',
    commitment_months: 12,
    trial_days: 15,
    auto_renew: true,
    meta: { canal: 'web' },
    apolo_code_ref: 'APO-100',
  });
  const upgrade = await idOf('plans', { campaign_id: campaign, name: 'Plan Hogar Plus', price: '29990.50', status: 'ACTIVE', plan_id: plan });
  lists.push({ url: '/api/v1/plans', total: 2 });
  details.push({
    url: `/api/v1/plans/${plan}`,
    expected: { name: 'Plan Hogar', price: 19990, currency: 'CLP', commitment_months: 12, trial_days: 15, auto_renew: true, apolo_code_ref: 'APO-100', inclusions: 'Gasfitería\nElectricidad' },
  });
  details.push({ url: `/api/v1/plans/${upgrade}`, expected: { name: 'Plan Hogar Plus', price: 29990.5, plan_id: plan } });

  // Services of the base plan: one limited with an image and a category, one unlimited.
  const service = await idOf('services', {
    plan_id: plan,
    category_id: campaignCategory,
    name: 'Gasfitero a domicilio',
    description: 'Hasta dos visitas',
    image_path: await store(pngBytes(5, [90, 0, 90]), 'services', 'png'),
    coverage_amount: '50000.00',
    event_limit: 2,
    event_period: 'YEARLY',
    is_active: true,
    apolo_code_ref: 'SRV-1',
    meta: { prioridad: 'alta' },
  });
  const unlimited = await idOf('services', { plan_id: plan, name: 'Orientación telefónica', unlimited_coverage: true, unlimited_events: true, event_period: 'LIFETIME' });
  lists.push({ url: '/api/v1/services', total: 2 });
  details.push({ url: `/api/v1/services/${service}`, expected: { name: 'Gasfitero a domicilio', coverage_amount: 50000, event_limit: 2, event_period: 'YEARLY', category_id: campaignCategory } });
  details.push({ url: `/api/v1/services/${unlimited}`, expected: { name: 'Orientación telefónica', unlimited_coverage: true, unlimited_events: true, coverage_amount: null, event_limit: null } });

  // A DSP with its plans, staff, a connector (credentials encrypted) and an API client.
  const dsp = await idOf('dsps', {
    name: 'Red Servicios Chile',
    type: 'MIXED',
    country_id: chile,
    sponsor_id: sponsor,
    website_url: 'https://red.example',
    address: 'Av. Siempre Viva 742',
    phone_primary: '+56 2 2345 6789',
    email_primary: 'contacto@red.example',
    settings: { theme: { primary: '#0a78c8' } },
    image_path: await store(pngBytes(7, [250, 100, 0]), 'dsps', 'png'),
  });
  await insert('dsp_plans', [
    { dsp_id: dsp, plan_id: plan },
    { dsp_id: dsp, plan_id: upgrade },
  ]);
  await insert('dsp_users', [{ dsp_id: dsp, user_id: staff }]);
  lists.push({ url: '/api/v1/dsps', total: 1 }, { url: `/api/v1/dsps/${dsp}/users`, total: 1 });
  details.push({ url: `/api/v1/dsps/${dsp}?include=plans,users`, expected: { name: 'Red Servicios Chile', type: 'MIXED', settings: { theme: { primary: '#0a78c8' } }, email_primary: 'contacto@red.example', plans: [{ id: plan }, { id: upgrade }], users: [{ id: staff }] } });

  const connectorSettings = { host: 'db.red.example', port: 5432, password: 'clave-del-conector' };
  const connectorParams = { api_key: 'ak-123456', region: 'cl' };
  const connector = await idOf('connectors', {
    dsp_id: dsp,
    key: 'reservas-red',
    driver: 'database',
    type: 'BOOKING',
    settings: credentials.seal(connectorSettings),
    params: credentials.seal(connectorParams),
    verification_policy: 'Verificar RUT',
  });
  await insert('connector_plans', [{ connector_id: connector, plan_id: plan, external_plan_id: 'EXT-HOGAR' }]);
  lists.push({ url: `/api/v1/dsps/${dsp}/connectors`, total: 1 });
  details.push({
    url: `/api/v1/connectors/${connector}?include=plans`,
    expected: {
      key: 'reservas-red',
      settings: { host: 'db.red.example', port: 5432, password: CREDENTIAL_MASK },
      params: { api_key: CREDENTIAL_MASK, region: 'cl' },
      varification_policy: 'Verificar RUT',
      plans: [{ plan_id: plan, name: 'Plan Hogar', external_plan_id: 'EXT-HOGAR' }],
    },
  });

  const apiClient = await idOf('api_clients', {
    dsp_id: dsp,
    name: 'Backend Red',
    base_url: 'https://api.red.example',
    client_id: 'red-backend',
    client_secret_hash: hashSecret('secreto-del-cliente'),
    type: 'PARTNER',
    scopes: ['bookings.read', 'customers.read'],
    ip_whitelist: ['10.0.0.0/8'],
    rate_limit_max: 600,
    rate_limit_period: 'minute',
  });
  lists.push({ url: `/api/v1/dsps/${dsp}/clients`, total: 1 });
  details.push({
    url: `/api/v1/clients/${apiClient}`,
    expected: { name: 'Backend Red', client_id: 'red-backend', type: 'PARTNER', scopes: ['bookings.read', 'customers.read'], ip_whitelist: ['10.0.0.0/8'], rate_limit: { max_requests: 600, period: 'minute' } },
  });

  // Customers of the DSP, their subscriptions (sales) with periods and histories.
  const customer = await idOf('customers', {
    dsp_id: dsp,
    dni: '11111111-1',
    name: 'José Pérez',
    email: 'jose@correo.example',
    phone: '+56 9 8765 4321',
    meta: { address: 'Los Aromos 12', city: 'Santiago' },
    password_hash: await hashPassword('Cliente123!'),
  });
  const otherCustomer = await idOf('customers', { dsp_id: dsp, dni: '22222222-2', name: 'Ana Rojas', email: 'ana@correo.example', password_hash: await hashPassword('Cliente123!') });
  lists.push({ url: `/api/v1/dsps/${dsp}/customers`, total: 2 });
  details.push({ url: `/api/v1/customers/${customer}`, expected: { name: 'José Pérez', dni: '11111111-1', email: 'jose@correo.example', meta: { address: 'Los Aromos 12', city: 'Santiago' } } });

  const active = await idOf('entitlements', { customer_id: customer, dsp_id: dsp, plan_id: plan, status: 'ACTIVE', payment_method: 'efectivo' });
  const suspended = await idOf('entitlements', { customer_id: otherCustomer, dsp_id: dsp, plan_id: upgrade, status: 'SUSPENDED', payment_method: 'tarjeta' });
  await insert('entitlement_periods', [
    { entitlement_id: active, state: 'ACTIVE', starts_at: new Date(now - 30 * DAY), ends_at: new Date(now + 335 * DAY) },
    { entitlement_id: suspended, state: 'SUSPENDED', starts_at: new Date(now - 10 * DAY), ends_at: new Date(now + 20 * DAY) },
  ]);
  await insert('entitlement_status_histories', [
    { entitlement_id: active, new_status: 'ACTIVE', changed_by: staff, created_at: new Date(now - 30 * DAY) },
    { entitlement_id: suspended, new_status: 'ACTIVE', changed_by: staff, created_at: new Date(now - 20 * DAY) },
    { entitlement_id: suspended, old_status: 'ACTIVE', new_status: 'SUSPENDED', reason: 'Pago rechazado', changed_by: admin, created_at: new Date(now - 10 * DAY) },
  ]);
  lists.push({ url: '/api/v1/sales', total: 2 });
  // Kept by the database's own triggers (sales_tallies), which the migrations may rebuild.
  details.push({ url: '/api/v1/sales/summary', expected: { count: 2, totals: [{ currency: 'CLP', count: 2, total_amount: '49980.50' }] } });
  details.push({ url: `/api/v1/entitlements/${active}`, expected: { status: 'ACTIVE', payment_method: 'efectivo', plan_id: plan, customer_id: customer } });
  details.push({
    url: `/api/v1/entitlements/${suspended}`,
    expected: {
      status: 'SUSPENDED',
      payment_method: 'tarjeta',
      plan_id: upgrade,
      periods: [{ state: 'SUSPENDED', is_open: true }],
      // Newest first.
      status_histories: [
        { old_status: 'ACTIVE', new_status: 'SUSPENDED', reason: 'Pago rechazado', changed_by: { id: admin, name: 'Super Admin' } },
        { old_status: null, new_status: 'ACTIVE', changed_by: { id: staff, name: 'Marta Núñez' } },
      ],
    },
  });

  // A confirmed booking of the limited service, with its evidence and support files.
  const booking = await idOf('bookings', {
    code_ref: 'AG-7K3M9QXD',
    status: 'CONFIRMED',
    scheduled_at: new Date(now + 3 * DAY),
    confirmed_at: new Date(now - DAY),
    dsp_id: dsp,
    customer_id: customer,
    entitlement_id: active,
    plan_service_id: service,
    plan_id: plan,
    notes: 'Tocar el timbre dos veces',
    meta: { country: 'Chile', city: 'Santiago', phone: '+56 9 8765 4321', address: 'Los Aromos 12', latitude: -33.45, longitude: -70.66 },
    evidence_path: await store(pngBytes(9, [1, 2, 3]), 'bookings', 'png'),
    support_path: await store(PDF_BYTES, 'bookings', 'pdf'),
  });
  await insert('booking_status_histories', [
    { booking_id: booking, new_status: 'PENDING', changed_by: staff, created_at: new Date(now - 2 * DAY) },
    { booking_id: booking, old_status: 'PENDING', new_status: 'CONFIRMED', reason: 'Técnico asignado', changed_by: staff, created_at: new Date(now - DAY) },
  ]);
  lists.push({ url: `/api/v1/dsps/${dsp}/bookings`, total: 1 });
  details.push({
    url: `/api/v1/bookings/${booking}?include=status_histories`,
    expected: {
      code_ref: 'AG-7K3M9QXD',
      status: 'CONFIRMED',
      notes: 'Tocar el timbre dos veces',
      meta: { city: 'Santiago', latitude: -33.45, longitude: -70.66 },
      status_histories: [
        { old_status: 'PENDING', new_status: 'CONFIRMED', reason: 'Técnico asignado' },
        { old_status: null, new_status: 'PENDING' },
      ],
    },
  });

  // The history: entries of staff and of a person since deleted.
  await insert('audit_log', [
    {
      actor_id: admin,
      actor_name: 'Super Admin',
      action: 'create',
      resource: 'sponsor',
      resource_id: sponsor,
      resource_label: 'Asistencia Andina',
      changes: [{ field: 'name', before: null, after: 'Asistencia Andina', secret: false }],
      address: '203.0.113.7',
    },
    {
      actor_id: staff,
      actor_name: 'Marta Núñez',
      action: 'update',
      resource: 'plan',
      resource_id: plan,
      resource_label: 'Plan Hogar',
      changes: [{ field: 'price', before: '17990.00', after: '19990.00', secret: false }],
    },
    { actor_id: null, actor_name: 'Persona eliminada', action: 'sign-in', resource: 'session', resource_label: 'Persona eliminada' },
  ]);
  lists.push({ url: '/api/v1/audit', total: 3 }, { url: `/api/v1/sponsors/${sponsor}/history`, total: 1 });

  return { sessionToken, staff: { email: 'marta@panel.test', password: staffPassword, dspId: dsp }, lists, details, files, connector: { id: connector, settings: connectorSettings, params: connectorParams } };
}
