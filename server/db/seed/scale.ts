import { sql } from 'drizzle-orm';
import { PAYMENT_METHODS } from '../../../contract/payment-method';
import { constantText } from '../../http/item-sql';
import { hashPassword } from '../../security/password';
import { anyOf } from '../any-of';
import type { Db } from '../client';
import { countries, roles, users } from '../schema';
import {
  BOOKING_NOTES,
  CAMPAIGN_ADJECTIVES,
  CANCEL_REASONS,
  CITIES,
  COMPANY_CORES,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  COUNTRY_CODES,
  DSP_PREFIXES,
  ENTITLEMENT_REASONS,
  FIRST_NAMES,
  MAIL_DOMAINS,
  PLAN_TIERS,
  STREETS,
  SURNAMES,
  THEMES,
} from './scale-words';

/** The full data set (`--scale 1`); a smaller scale multiplies each size, keeping at least one of each. */
export const FULL_SCALE_SIZES = {
  sponsors: 1_000,
  dsps: 200,
  customers: 100_000,
  bookings: 1_000_000,
  staff: 20_000,
} as const;
/** Fixed shapes: every sponsor runs 10 campaigns of 5 plans of 3 services, and every customer holds 3 subscriptions. */
const CAMPAIGNS_PER_SPONSOR = 10;
const PLANS_PER_CAMPAIGN = 5;
const SERVICES_PER_PLAN = 3;
const CATEGORIES_PER_CAMPAIGN = 2;
const SUBSCRIPTIONS_PER_CUSTOMER = 3;

/** The password every generated staff member and customer has (the data set is for load tests, never for production). */
export const SCALE_PASSWORD = 'Escala-Panel-2026';
export const SCALE_STAFF_MAIL_DOMAIN = 'equipo-escala.co';

export interface ScaleSizes {
  sponsors: number;
  campaigns: number;
  plans: number;
  services: number;
  dsps: number;
  customers: number;
  staff: number;
  bookings: number;
}

export const scaleSizes = (scale: number): ScaleSizes => {
  const of = (full: number) => Math.max(1, Math.round(full * scale));
  const sponsors = of(FULL_SCALE_SIZES.sponsors);
  const campaigns = sponsors * CAMPAIGNS_PER_SPONSOR;
  const plans = campaigns * PLANS_PER_CAMPAIGN;
  return {
    sponsors,
    campaigns,
    plans,
    services: plans * SERVICES_PER_PLAN,
    // A DSP belongs to a sponsor: never more DSPs than sponsors.
    dsps: Math.min(of(FULL_SCALE_SIZES.dsps), sponsors),
    customers: of(FULL_SCALE_SIZES.customers),
    staff: of(FULL_SCALE_SIZES.staff),
    bookings: of(FULL_SCALE_SIZES.bookings),
  };
};

// ---- SQL building blocks. Everything is generated inside the database (INSERT … SELECT over
// generate_series), which is the fastest path on PGlite and on a server alike.

// The scale seed's statements are built as text: only constants that need no escaping go in.
const literal = constantText;
export const textArray = (items: readonly string[]) => `array[${items.map(literal).join(',')}]::text[]`;
const intArray = (items: readonly number[]) => `array[${items.join(',')}]::int[]`;
/** Lower-case ASCII without spaces: 'Sol Naciente' → 'solnaciente', for e-mail addresses and web sites. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * A pseudo-random number in [0, 1) fixed by the row's key and a salt: the same data on every run
 * and on both engines (md5 is the same everywhere), independent draws for different salts.
 */
const rand = (key: string, salt: string) => `(('x' || substr(md5((${key})::text || ${literal(`:${salt}`)}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
/** A zero-based index below `size`, drawn as `rand`. */
const draw = (key: string, salt: string, size: number) => `floor(${rand(key, salt)} * ${size})::int`;
const pick = (items: readonly string[], key: string, salt: string) => `(${textArray(items)})[1 + ${draw(key, salt, items.length)}]`;
/** One of the values, with the given weights (they need not add up to 100). */
const weighted = (key: string, salt: string, choices: [value: string, weight: number][]) => {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let reached = 0;
  const branches = choices.slice(0, -1).map(([value, weight]) => {
    reached += weight;
    return `when ${rand(key, salt)} < ${reached / total} then ${literal(value)}`;
  });
  return `(case ${branches.join(' ')} else ${literal(choices[choices.length - 1]![0])} end)`;
};
const days = (expression: string) => `make_interval(secs => (${expression}) * 86400)`;

/** A booking code as the API makes them ('AG-' and eight characters without look-alikes), from its ordinal: a bijection, so unique. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_SPACE = 31n ** 8n;
// Any multiplier not divisible by 31 permutes the code space; a large one scatters neighbours.
const CODE_MULTIPLIER = 527_114_231_257n;
const bookingCode = (ordinal: string) => {
  const scrambled = `((${ordinal})::bigint * ${CODE_MULTIPLIER} % ${CODE_SPACE})`;
  const digits = Array.from({ length: 8 }, (_, place) => `substr('${CODE_ALPHABET}', (${scrambled} / ${31n ** BigInt(place)} % 31)::int + 1, 1)`);
  return `'AG-' || ${digits.join(' || ')}`;
};

/** The theme (index into THEMES) of campaign `id`: the campaigns of one sponsor never share one, so their names differ. */
const campaignTheme = (id: string) => `((((${id}) - 1) % ${CAMPAIGNS_PER_SPONSOR} + ((${id}) - 1) / ${CAMPAIGNS_PER_SPONSOR} * 3) % ${THEMES.length})`;
const serviceNames = THEMES.flatMap((theme) => theme.services);

/** How long each step took, for the progress lines. */
export interface ScaleStep {
  table: string;
  rows: number;
  seconds: number;
}

export interface ScaleOptions {
  scale: number;
  /** Dates are spread around the start of this day (UTC): most bookings before it, some after. */
  today?: Date;
  /** Called with one line per finished step. */
  log?: (line: string) => void;
}

/**
 * The load-test data set: sponsors, campaigns, plans, services, categories, DSPs with the plans they
 * sell and their staff, customers, subscriptions with periods and histories, bookings with their
 * histories. Needs the base seed (countries, roles) and no data of its own kind yet; ids are given
 * explicitly (their sequences set after), so the relations are arithmetic instead of lookups.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<{ sizes: ScaleSizes; steps: ScaleStep[] }> {
  const sizes = scaleSizes(options.scale);
  const today = new Date(options.today ?? Date.now());
  today.setUTCHours(0, 0, 0, 0);
  const anchor = `'${today.toISOString()}'::timestamptz`;
  const steps: ScaleStep[] = [];
  const step = async (table: string, statements: string[]) => {
    const started = performance.now();
    let rows = 0;
    for (const statement of statements) {
      const result = (await db.execute(sql.raw(statement))) as { rowCount?: number | null; affectedRows?: number };
      rows += result.rowCount ?? result.affectedRows ?? 0;
    }
    const seconds = (performance.now() - started) / 1000;
    steps.push({ table, rows, seconds });
    options.log?.(`${table.padEnd(30)} ${String(rows).padStart(9)} filas  ${seconds.toFixed(1).padStart(6)} s`);
  };

  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries).where(anyOf(countries.code, [...new Set(COUNTRY_CODES)]));
  const countryIdOf = new Map(countryRows.map((row) => [row.code, row.id]));
  const countryIds = intArray(COUNTRY_CODES.map((code) => countryIdOf.get(code) ?? countryRows[0]!.id));
  const roleIdOf = new Map((await db.select({ id: roles.id, slug: roles.slug }).from(roles)).map((row) => [row.slug, row.id]));
  const [{ staffOffset } = { staffOffset: 0 }] = await db.select({ staffOffset: sql<number>`coalesce(max(${users.id}), 0)::int` }).from(users);
  const passwordHash = literal(await hashPassword(SCALE_PASSWORD));
  const staffMember = (key: string) => `${staffOffset} + 1 + ${draw(key, 'staff', sizes.staff)}`;

  const { sponsors, campaigns, plans, services, dsps, customers, staff, bookings } = sizes;
  const companyCombinations = COMPANY_PREFIXES.length * COMPANY_CORES.length * COMPANY_SUFFIXES.length;
  await step('sponsors', [
    `insert into sponsors (id, name, country_id, website_url, created_at, updated_at)
     select i, name, (${countryIds})[1 + ${draw('i', 'country', COUNTRY_CODES.length)}], 'https://www.' || web || '.com', created, created + (${anchor} - created) * ${rand('i', 'updated')}
     from (
       select i, created,
         (${textArray(COMPANY_PREFIXES)})[1 + j % ${COMPANY_PREFIXES.length}] || ' ' || (${textArray(COMPANY_CORES)})[1 + j / ${COMPANY_PREFIXES.length} % ${COMPANY_CORES.length}]
           || ' ' || (${textArray(COMPANY_SUFFIXES)})[1 + j / ${COMPANY_PREFIXES.length * COMPANY_CORES.length} % ${COMPANY_SUFFIXES.length}]
           || case when round > 0 then ' ' || (round + 1) else '' end as name,
         (${textArray(COMPANY_PREFIXES.map(slug))})[1 + j % ${COMPANY_PREFIXES.length}] || (${textArray(COMPANY_CORES.map(slug))})[1 + j / ${COMPANY_PREFIXES.length} % ${COMPANY_CORES.length}]
           || case when round > 0 then (round + 1)::text else '' end as web
       from (
         -- A permutation of the prefix × core × suffix combinations (1237 is prime to their count): unique names in a mixed order.
         select i, (i - 1) % ${companyCombinations} * 1237 % ${companyCombinations} as j, (i - 1) / ${companyCombinations} as round,
           ${anchor} - ${days(`200 + ${rand('i', 'created')} * 1300`)} as created
         from generate_series(1, ${sponsors}) i
       ) numbered
     ) named`,
  ]);

  await step('categories (catálogo)', [
    `insert into categories (id, name, description, parent_id, created_at, updated_at)
     values ${THEMES.map((theme, index) => `(${index + 1}, ${literal(theme.category)}, ${literal(`Servicios de asistencia: ${theme.category.toLowerCase()}.`)}, null, ${anchor} - interval '1500 days', ${anchor} - interval '1500 days')`).join(', ')}`,
    `insert into categories (id, name, description, parent_id, created_at, updated_at)
     values ${serviceNames.map((name, index) => `(${THEMES.length + index + 1}, ${literal(name)}, null, ${Math.floor(index / SERVICES_PER_PLAN) + 1}, ${anchor} - interval '1500 days', ${anchor} - interval '1500 days')`).join(', ')}`,
  ]);

  await step('campaigns', [
    `insert into campaigns (id, name, description, status, sponsor_id, country_id, start_date, end_date, budget, created_at, updated_at)
     select id, name, description, status::campaign_status, sponsor_id, country_id, start_date, end_date, budget, created, created + (${anchor} - created) * ${rand('id', 'updated')}
     from (
       select id, name, description, status, sponsor_id, country_id, start_date,
         (start_date + make_interval(months => 6 + ${draw('id', 'months', 31)}))::date as end_date,
         case when ${rand('id', 'budget?')} < 0.1 then null else (5 + ${draw('id', 'budget', 900)}) * 1000000 end::numeric(14, 2) as budget,
         least(start_date::timestamptz - interval '30 days', ${anchor} - interval '1 day') as created
       from (
         select c.id, c.status, s.id as sponsor_id, s.country_id,
           (${textArray(THEMES.map((theme) => theme.campaign))})[1 + ${campaignTheme('c.id')}] || ' ' || ${pick(CAMPAIGN_ADJECTIVES, 'c.id', 'adjective')} as name,
           'Asistencia de ' || lower((${textArray(THEMES.map((theme) => theme.category))})[1 + ${campaignTheme('c.id')}]) || ' para los clientes de ' || rtrim(s.name, '.') || '.' as description,
           -- A draft has not started yet; the others started up to three years ago.
           case when c.status = 'DRAFT' then (${anchor} + ${days(`${rand('c.id', 'start')} * 90`)})::date
                else (${anchor} - ${days(`${rand('c.id', 'start')} * 1100`)})::date end as start_date
         from (
           select i as id, ${weighted('i', 'status', [['ACTIVE', 55], ['INACTIVE', 18], ['PAUSED', 10], ['DRAFT', 17]])} as status
           from generate_series(1, ${campaigns}) i
         ) c
         join sponsors s on s.id = (c.id - 1) / ${CAMPAIGNS_PER_SPONSOR} + 1
       ) dated
     ) budgeted`,
  ]);

  await step('campaign_categories', [
    `insert into campaign_categories (id, campaign_id, category_id, name, description, created_at, updated_at)
     select i, c.id, ${campaignTheme('c.id')} + 1, (${textArray(serviceNames)})[${campaignTheme('c.id')} * ${SERVICES_PER_PLAN} + (i - 1) % ${CATEGORIES_PER_CAMPAIGN} + 1],
       'Servicios de la campaña ' || c.name || '.', c.created_at, c.created_at
     from generate_series(1, ${campaigns * CATEGORIES_PER_CAMPAIGN}) i
     join campaigns c on c.id = (i - 1) / ${CATEGORIES_PER_CAMPAIGN} + 1`,
  ]);

  await step('plans', [
    `insert into plans (id, campaign_id, name, description, price, status, inclusions, exclusions, commitment_months, trial_days, auto_renew, apolo_code_ref, plan_id, created_at, updated_at)
     select p.id, c.id, p.tier_name || ' ' || split_part(c.name, ' ', 1), 'Plan ' || p.tier_name || ' de la campaña ' || c.name || '.',
       -- Each tier costs more than the one before it (PLAN_TIERS' order), within a range of its own.
       (19900 + (p.tier * 5 + ${draw('p.id', 'price', 5)}) * 5000)::numeric(14, 2),
       (case when c.status = 'DRAFT' then 'DRAFT' else ${weighted('p.id', 'status', [['ACTIVE', 80], ['INACTIVE', 12], ['DRAFT', 8]])} end)::plan_status,
       array_to_string((${textArray(serviceNames)})[${campaignTheme('c.id')} * ${SERVICES_PER_PLAN} + 1 : ${campaignTheme('c.id')} * ${SERVICES_PER_PLAN} + ${SERVICES_PER_PLAN}], E'\\n'),
       E'Preexistencias.\\nDaños causados con intención.',
       (${intArray([1, 3, 6, 12, 18, 24])})[1 + ${draw('p.id', 'months', 6)}],
       case when ${rand('p.id', 'trial?')} < 0.6 then null else (${intArray([7, 15, 30])})[1 + ${draw('p.id', 'trial', 3)}] end,
       ${rand('p.id', 'renew')} < 0.55,
       'APL-' || lpad(p.id::text, 7, '0'),
       -- Some plans are upgrades of the campaign's first plan: never of themselves (k > 0), and only
       -- from a higher tier, so an upgrade costs more than the plan it improves.
       case when p.k > 0 and p.tier > p.first_tier and ${rand('p.id', 'upgrade')} < 0.3 then (c.id - 1) * ${PLANS_PER_CAMPAIGN} + 1 end,
       least(c.created_at + ${days(`${rand('p.id', 'created')} * 20`)}, ${anchor}), c.updated_at
     from (
       select id, k, tier, first_tier, (${textArray(PLAN_TIERS)})[1 + tier] as tier_name
       from (
         -- A campaign's plans take consecutive tiers, the first one moving on from campaign to campaign.
         select i as id, (i - 1) % ${PLANS_PER_CAMPAIGN} as k,
           ((i - 1) % ${PLANS_PER_CAMPAIGN} + (i - 1) / ${PLANS_PER_CAMPAIGN}) % ${PLAN_TIERS.length} as tier,
           ((i - 1) / ${PLANS_PER_CAMPAIGN}) % ${PLAN_TIERS.length} as first_tier
         from generate_series(1, ${plans}) i
       ) tiers
     ) p
     join campaigns c on c.id = (p.id - 1) / ${PLANS_PER_CAMPAIGN} + 1`,
  ]);

  await step('services', [
    `insert into services (id, plan_id, category_id, name, description, coverage_amount, unlimited_coverage, event_limit, unlimited_events, event_period, inclusions, is_active, apolo_code_ref, created_at, updated_at)
     select s.id, p.id,
       case when s.q < ${CATEGORIES_PER_CAMPAIGN} then (p.campaign_id - 1) * ${CATEGORIES_PER_CAMPAIGN} + 1 + s.q end,
       s.name, 'Servicio de ' || lower(s.name) || ' del plan ' || p.name || '.',
       case when s.unlimited_coverage then null else ((1 + ${draw('s.id', 'coverage', 40)}) * 50000)::numeric(14, 2) end, s.unlimited_coverage,
       -- At least 5 events: the bookings below stay within every limit, whatever the period.
       case when s.unlimited_events then null else (${intArray([5, 6, 8, 10, 12])})[1 + ${draw('s.id', 'limit', 5)}] end, s.unlimited_events,
       ${weighted('s.id', 'period', [['MONTHLY', 30], ['QUARTERLY', 15], ['SEMI-ANNUALLY', 10], ['YEARLY', 35], ['LIFETIME', 10]])}::event_period,
       'Atención 24 horas.' || E'\\n' || 'Cobertura en todo el país.',
       ${rand('s.id', 'inactive')} >= 0.04, 'SRV-' || lpad(s.id::text, 7, '0'), p.created_at, p.updated_at
     from (
       select i as id, (i - 1) % ${SERVICES_PER_PLAN} as q,
         (${textArray(serviceNames)})[${campaignTheme(`(i - 1) / ${SERVICES_PER_PLAN * PLANS_PER_CAMPAIGN} + 1`)} * ${SERVICES_PER_PLAN} + (i - 1) % ${SERVICES_PER_PLAN} + 1] as name,
         ${rand('i', 'unlimited coverage')} < 0.2 as unlimited_coverage, ${rand('i', 'unlimited events')} < 0.25 as unlimited_events
       from generate_series(1, ${services}) i
     ) s
     join plans p on p.id = (s.id - 1) / ${SERVICES_PER_PLAN} + 1`,
  ]);

  const dspCombinations = DSP_PREFIXES.length * CITIES.length;
  await step('dsps', [
    `insert into dsps (id, name, type, country_id, sponsor_id, website_url, address, phone_primary, email_primary, enabled, created_at, updated_at)
     select d.id, d.name, ${weighted('d.id', 'type', [['SALE', 40], ['BOOKING', 30], ['MIXED', 30]])}::dsp_type, s.country_id, s.id,
       'https://www.' || d.web || '.com', ${pick(STREETS, 'd.id', 'street')} || ' ' || (10 + ${draw('d.id', 'street number', 120)}) || ' # ' || (1 + ${draw('d.id', 'house', 99)}) || '-' || (1 + ${draw('d.id', 'door', 80)}),
       '+57 601 ' || lpad((1000000 + d.id * 7919 % 9000000)::text, 7, '0'), 'contacto@' || d.web || '.com', ${rand('d.id', 'enabled')} >= 0.08,
       s.created_at + (${anchor} - s.created_at) * ${rand('d.id', 'created')}, ${anchor} - ${days(`${rand('d.id', 'updated')} * 60`)}
     from (
       select i as id,
         (${textArray(DSP_PREFIXES)})[1 + j % ${DSP_PREFIXES.length}] || ' ' || (${textArray(CITIES.map(([city]) => city))})[1 + j / ${DSP_PREFIXES.length}] || case when round > 0 then ' ' || (round + 1) else '' end as name,
         (${textArray(DSP_PREFIXES.map(slug))})[1 + j % ${DSP_PREFIXES.length}] || (${textArray(CITIES.map(([city]) => slug(city)))})[1 + j / ${DSP_PREFIXES.length}] || case when round > 0 then (round + 1)::text else '' end as web
       from (
         -- A permutation of prefix × city (77 is prime to their count): unique names.
         select i, (i - 1) % ${dspCombinations} * 77 % ${dspCombinations} as j, (i - 1) / ${dspCombinations} as round from generate_series(1, ${dsps}) i
       ) numbered
     ) d
     -- The DSPs are spread over the sponsors evenly.
     join sponsors s on s.id = 1 + (d.id - 1) * ${sponsors} / ${dsps}`,
    // Each DSP sells the active plans of its sponsor's campaigns.
    `insert into dsp_plans (dsp_id, plan_id)
     select d.id, p.id from dsps d join campaigns c on c.sponsor_id = d.sponsor_id join plans p on p.campaign_id = c.id where p.status = 'ACTIVE'`,
  ]);

  await step('users (personal)', [
    `insert into users (id, dni, name, email, phone, password_hash, is_active, country_id, created_at, updated_at)
     select ${staffOffset} + i, (50000000 + i * 97)::text,
       (${textArray(FIRST_NAMES)})[1 + f] || ' ' || (${textArray(SURNAMES)})[1 + s1] || ' ' || (${textArray(SURNAMES)})[1 + s2],
       (${textArray(FIRST_NAMES.map(slug))})[1 + f] || '.' || (${textArray(SURNAMES.map(slug))})[1 + s1] || i || '@${SCALE_STAFF_MAIL_DOMAIN}',
       '+57 3' || (10 + i % 40) || ' ' || lpad((i::bigint * 7919 % 10000000)::text, 7, '0'), ${passwordHash}, ${rand('i', 'active')} >= 0.06,
       (${countryIds})[1 + ${draw('i', 'country', COUNTRY_CODES.length)}], created, created + (${anchor} - created) * ${rand('i', 'updated')}
     from (
       select i, ${draw('i', 'first', FIRST_NAMES.length)} as f, ${draw('i', 'surname', SURNAMES.length)} as s1, ${draw('i', 'surname 2', SURNAMES.length)} as s2,
         ${anchor} - ${days(`${rand('i', 'created')} * 1400`)} as created
       from generate_series(1, ${staff}) i
     ) people`,
    `insert into user_roles (user_id, role_id)
     select ${staffOffset} + i, ${weighted('i', 'role', [
       [String(roleIdOf.get('OPERATOR')), 85],
       [String(roleIdOf.get('BUSINESS_LEADER')), 9],
       [String(roleIdOf.get('ADMIN')), 5],
       [String(roleIdOf.get('SUPER_ADMIN')), 1],
     ])}::int
     from generate_series(1, ${staff}) i`,
    // Operators work for one DSP, some for two.
    `insert into dsp_users (dsp_id, user_id)
     select distinct dsp_id, user_id from (
       select 1 + ${draw('ur.user_id', 'dsp', dsps)} as dsp_id, ur.user_id from user_roles ur
       where ur.user_id > ${staffOffset} and ur.role_id = ${roleIdOf.get('OPERATOR')}
       union all
       select 1 + (${draw('ur.user_id', 'dsp', dsps)} + 1 + ${draw('ur.user_id', 'second dsp', Math.max(1, dsps - 1))}) % ${dsps}, ur.user_id from user_roles ur
       where ur.user_id > ${staffOffset} and ur.role_id = ${roleIdOf.get('OPERATOR')} and ${dsps} > 1 and ${rand('ur.user_id', 'two dsps')} < 0.3
     ) assigned`,
  ]);

  await step('customers', [
    `insert into customers (id, dsp_id, dni, name, email, phone, meta, password_hash, created_at, updated_at)
     select i,
       -- Some DSPs have many more customers than others.
       1 + floor(${dsps} * power(${rand('i', 'dsp')}, 1.6))::int,
       (10000000 + i * 89)::text,
       (${textArray(FIRST_NAMES)})[1 + f] || ' ' || (${textArray(SURNAMES)})[1 + s1] || ' ' || (${textArray(SURNAMES)})[1 + s2],
       (${textArray(FIRST_NAMES.map(slug))})[1 + f] || '.' || (${textArray(SURNAMES.map(slug))})[1 + s1] || i || '@' || ${pick(MAIL_DOMAINS, 'i', 'domain')},
       '+57 3' || (10 + i % 40) || ' ' || lpad((i::bigint * 104729 % 10000000)::text, 7, '0'),
       jsonb_build_object(
         'address', ${pick(STREETS, 'i', 'street')} || ' ' || (1 + ${draw('i', 'street number', 150)}) || ' # ' || (1 + ${draw('i', 'house', 99)}) || '-' || (1 + ${draw('i', 'door', 90)}),
         'city', (${textArray(CITIES.map(([city]) => city))})[1 + ${draw('i', 'city', CITIES.length)}]),
       ${passwordHash}, created, created + (${anchor} - created) * ${rand('i', 'updated')}
     from (
       select i, ${draw('i', 'first', FIRST_NAMES.length)} as f, ${draw('i', 'surname', SURNAMES.length)} as s1, ${draw('i', 'surname 2', SURNAMES.length)} as s2,
         ${anchor} - ${days(`1 + ${rand('i', 'created')} * 1095`)} as created
       from generate_series(1, ${customers}) i
     ) people`,
  ]);

  const paymentWeights: Record<(typeof PAYMENT_METHODS)[number], number> = { tarjeta: 45, transferencia: 30, efectivo: 20, cheque: 5 };
  await step('entitlements (suscripciones)', [
    // Each customer subscribes to distinct plans their DSP sells (a DSP selling fewer gives fewer).
    `insert into entitlements (customer_id, dsp_id, plan_id, status, payment_method, created_at, updated_at)
     select customer_id, dsp_id, plan_id, status::entitlement_status,
       case when status = 'PENDING' then null else ${weighted('key', 'payment', PAYMENT_METHODS.map((method) => [method, paymentWeights[method]]))} end,
       created, case when status in ('ACTIVE', 'PENDING') then created else created + (${anchor} - created) * ${rand('key', 'changed')} end
     from (
       select w.customer_id, w.dsp_id, o.plan_id, w.key,
         ${weighted('w.key', 'status', [['ACTIVE', 68], ['EXPIRED', 12], ['CANCELLED', 10], ['SUSPENDED', 7], ['PENDING', 3]])} as status,
         w.customer_created + (${anchor} - w.customer_created) * 0.9 * ${rand('w.key', 'created')} as created
       from (
         select c.id as customer_id, c.dsp_id, c.created_at as customer_created, k, c.id * ${SUBSCRIPTIONS_PER_CUSTOMER} + k as key
         from customers c cross join generate_series(0, ${SUBSCRIPTIONS_PER_CUSTOMER - 1}) k
       ) w
       join (
         select dsp_id, plan_id, row_number() over (partition by dsp_id order by plan_id) - 1 as n, count(*) over (partition by dsp_id) as total from dsp_plans
       ) o on o.dsp_id = w.dsp_id and o.n = (${draw('w.customer_id', 'plan', 1_000_000)} + w.k) % o.total
       where w.k < o.total
       order by w.customer_id, w.k
     ) chosen`,
    // An active subscription's current period; one that left ACTIVE keeps its closed period.
    `insert into entitlement_periods (entitlement_id, state, starts_at, ends_at, is_open, created_at)
     select id, status, starts_at, case when status = 'ACTIVE' then starts_at + make_interval(months => months) else updated_at end, status = 'ACTIVE', starts_at
     from (
       select e.id, e.status, e.updated_at, p.commitment_months as months,
         case when e.status = 'ACTIVE' then greatest(e.created_at, ${anchor} - ${days(`${rand('e.id', 'period')} * 28`)} * p.commitment_months) else e.created_at end as starts_at
       from entitlements e join plans p on p.id = e.plan_id
       where e.status <> 'PENDING'
     ) periods`,
    `insert into entitlement_status_histories (entitlement_id, old_status, new_status, reason, changed_by, created_at)
     select id, null, (case when status = 'PENDING' then 'PENDING' else 'ACTIVE' end)::entitlement_status,
       case when status = 'PENDING' then 'Pago en verificación.' end, ${staffMember('id')}, created_at
     from entitlements
     union all
     select id, 'ACTIVE'::entitlement_status, status,
       case status ${Object.entries(ENTITLEMENT_REASONS).map(([status, reason]) => `when '${status}' then ${literal(reason)}`).join(' ')} end, ${staffMember('id')}, updated_at
     from entitlements where status in ('SUSPENDED', 'CANCELLED', 'EXPIRED')`,
  ]);

  // Counted first and written into the statement as a number: a join on `n = (b - 1) % total`
  // with the count from a subquery made the planner pick a nested loop (1M × 200k comparisons).
  const [bookable] = (
    (await db.execute(
      sql.raw(`select count(*)::int as total from entitlements e join dsps d on d.id = e.dsp_id where e.status = 'ACTIVE' and d.type in ('BOOKING', 'MIXED')`),
    )) as unknown as { rows: { total: number }[] }
  ).rows;
  // With nothing to book against (a tiny scale whose DSPs only sell) there are no bookings.
  const bookableCount = bookable?.total ?? 0;
  const cities = `(values ${CITIES.map(([city, country, latitude, longitude]) => `(${literal(city)}, ${literal(country)}, ${latitude}, ${longitude})`).join(', ')}) as city(name, country, latitude, longitude)`;
  await step('bookings', [
    // Spread over the active subscriptions of the DSPs that take bookings: the k-th booking of a
    // subscription uses service k mod 3 of its plan, so no service goes past its event limit.
    `insert into bookings (code_ref, status, scheduled_at, confirmed_at, cancelled_at, consumed_at, dsp_id, customer_id, entitlement_id, plan_service_id, plan_id, notes, meta, created_at, updated_at)
     select code_ref, status::booking_status, scheduled_at, confirmed_at, cancelled_at, consumed_at, dsp_id, customer_id, entitlement_id, plan_service_id, plan_id, notes, meta,
       created_at, coalesce(consumed_at, cancelled_at, confirmed_at, created_at)
     from (
       select b.*,
         case when status in ('CONFIRMED', 'CONSUMED') or (status = 'CANCELLED' and ${rand('b.ordinal', 'was confirmed')} < 0.5)
              then created_at + (least(scheduled_at, ${anchor}) - created_at) * 0.5 end as confirmed_at,
         case when status = 'CANCELLED' then created_at + (least(scheduled_at, ${anchor}) - created_at) * 0.8 end as cancelled_at,
         case when status = 'CONSUMED' then scheduled_at + interval '1 hour' end as consumed_at
       from (
         select t.*,
           -- Past ones mostly delivered or cancelled; future ones still pending or confirmed.
           case when scheduled_at + interval '1 hour' <= ${anchor}
                then ${weighted('t.ordinal', 'past status', [['CONSUMED', 74], ['CANCELLED', 19], ['CONFIRMED', 4], ['PENDING', 3]])}
                else ${weighted('t.ordinal', 'future status', [['PENDING', 50], ['CONFIRMED', 40], ['CANCELLED', 10]])} end as status,
           -- Booked one to ten days ahead, and never after today (a far-off visit was booked in the last weeks).
           least(greatest(t.subscribed_at, scheduled_at - ${days(`1 + ${rand('t.ordinal', 'lead')} * 9`)}), ${anchor} - ${days(`0.05 + ${rand('t.ordinal', 'booked')} * 20`)}) as created_at
         from (
           select p.*,
             -- Office hours in Bogotá (UTC-5): 7:00 to 16:00.
             date_trunc('day', case when ${rand('p.ordinal', 'future')} < 0.1 then ${anchor} + ${days(`${rand('p.ordinal', 'when')} * 45`)}
                                    else p.subscribed_at + interval '1 day' + greatest(${anchor} - interval '2 days' - p.subscribed_at, interval '0') * ((p.k + ${rand('p.ordinal', 'when')}) / p.per_subscription) end)
               + make_interval(hours => 12 + ${draw('p.ordinal', 'hour', 10)}) as scheduled_at
           from (
             select b as ordinal, ${bookingCode('b')} as code_ref, e.dsp_id, e.customer_id, e.id as entitlement_id, e.plan_id, e.created_at as subscribed_at,
               (e.plan_id - 1) * ${SERVICES_PER_PLAN} + 1 + (b - 1) / ${Math.max(bookableCount, 1)} % ${SERVICES_PER_PLAN} as plan_service_id,
               (b - 1) / ${Math.max(bookableCount, 1)} as k, ${Math.ceil(bookings / Math.max(bookableCount, 1))} as per_subscription,
               case when ${rand('b', 'notes?')} < 0.55 then null else ${pick(BOOKING_NOTES, 'b', 'notes')} end as notes,
               jsonb_build_object('country', city.country, 'city', cu.meta->>'city', 'phone', cu.phone, 'address', cu.meta->>'address', 'latitude', city.latitude, 'longitude', city.longitude) as meta
             from generate_series(1, ${bookableCount > 0 ? bookings : 0}) b
             join (
               select e.*, row_number() over (order by e.id) - 1 as n
               from entitlements e join dsps d on d.id = e.dsp_id where e.status = 'ACTIVE' and d.type in ('BOOKING', 'MIXED')
             ) e on e.n = (b - 1) % ${Math.max(bookableCount, 1)}
             join customers cu on cu.id = e.customer_id
             left join ${cities} on city.name = cu.meta->>'city'
           ) p
         ) t
       ) b
     ) stamped
     order by created_at`,
    `insert into booking_status_histories (booking_id, old_status, new_status, reason, changed_by, created_at)
     select id, null::booking_status, 'PENDING'::booking_status, null, ${staffMember('id')}, created_at from bookings
     union all
     select id, 'PENDING'::booking_status, 'CONFIRMED'::booking_status, null, ${staffMember('id')}, confirmed_at from bookings where confirmed_at is not null
     union all
     select id, 'CONFIRMED'::booking_status, 'CONSUMED'::booking_status, 'Servicio prestado.', ${staffMember('id')}, consumed_at from bookings where status = 'CONSUMED'
     union all
     select id, (case when confirmed_at is null then 'PENDING' else 'CONFIRMED' end)::booking_status, 'CANCELLED'::booking_status, ${pick(CANCEL_REASONS, 'id', 'reason')}, ${staffMember('id')}, cancelled_at
     from bookings where status = 'CANCELLED'`,
  ]);

  await step('secuencias y VACUUM ANALYZE', [
    ...['sponsors', 'categories', 'campaigns', 'campaign_categories', 'plans', 'services', 'dsps', 'users', 'customers'].map(
      (table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    ),
    // VACUUM too: a bulk-loaded table has no visibility map yet, so index-only scans would read the heap.
    'vacuum analyze',
  ]);
  return { sizes, steps };
}
