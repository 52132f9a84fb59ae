import { SEARCH_MESSAGES, SEARCH_TYPES, type SearchResult } from '@contract/search';
import { VALIDATION_FAILED_MESSAGE } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  campaigns,
  categories,
  countries,
  customers,
  dspUsers,
  entitlements,
  permissions,
  rolePermissions,
  roles,
  services,
  sponsors,
} from '../../server/db/schema';
import { hashPassword } from '../../server/security/password';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { LARGE_TABLES, captureStatements, fullTableReads } from './support/query-plans';

let ctx: TestContext;
let adminToken: string;
/** An operator assigned to Pacífico only (sponsors, categories and bookings, no users, no DSP configuration). */
let operatorToken: string;
/** Someone whose one permission is to see bookings, assigned to Pacífico. */
let bookingsOnlyToken: string;

let pacifico: Awaited<ReturnType<typeof insertDspWithPlans>>;
let caribe: Awaited<ReturnType<typeof insertDspWithPlans>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  pacifico = await insertDspWithPlans(ctx, 'DSP Pacífico', ['Plan Hogar Total']);
  caribe = await insertDspWithPlans(ctx, 'DSP Caribe', ['Plan Viaje']);
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
  const countryId = country!.id;

  // Ranking: the whole name, a name that starts with it, one that contains it.
  const sponsorRows = await ctx.db
    .insert(sponsors)
    .values([{ name: 'Banco de los Andes', countryId }, { name: 'Andes', countryId }, { name: 'Andes Norte', countryId }, { name: 'Seguros Perú', countryId }])
    .returning({ id: sponsors.id, name: sponsors.name });
  for (const row of sponsorRows) ids[row.name] = row.id;
  const [campaign] = await ctx.db.insert(campaigns).values({ name: 'Campaña Andina', sponsorId: ids['Andes']!, countryId }).returning({ id: campaigns.id });
  ids['Campaña Andina'] = campaign!.id;
  const [service] = await ctx.db
    .insert(services)
    .values({ planId: pacifico.plans[0]!.id, name: 'Grúa urgente', unlimitedCoverage: true, unlimitedEvents: true })
    .returning({ id: services.id });
  ids['Grúa urgente'] = service!.id;
  const [root] = await ctx.db.insert(categories).values({ name: 'Hogar y jardín' }).returning({ id: categories.id });
  const [child] = await ctx.db.insert(categories).values({ name: 'Jardinería', parentId: root!.id }).returning({ id: categories.id });
  ids['Hogar y jardín'] = root!.id;
  ids['Jardinería'] = child!.id;

  const passwordHash = await hashPassword('Cliente123!');
  const customerRows = await ctx.db
    .insert(customers)
    .values([
      { dspId: pacifico.dspId, dni: '10203040', name: 'María Gómez', email: 'maria.gomez@correo.test', phone: '3001112233', passwordHash },
      { dspId: pacifico.dspId, dni: '9910203040', name: 'Julián Ortiz', email: 'julian@correo.test', phone: '3004445566', passwordHash },
      { dspId: caribe.dspId, dni: '10203041', name: 'María Caribe', email: 'maria.caribe@correo.test', phone: '3007778899', passwordHash },
    ])
    .returning({ id: customers.id, name: customers.name, dspId: customers.dspId });
  for (const row of customerRows) ids[row.name] = row.id;

  const holds = async (customerId: number, dspId: number, planId: number) =>
    (await ctx.db.insert(entitlements).values({ customerId, dspId, planId }).returning({ id: entitlements.id }))[0]!.id;
  const [caribeService] = await ctx.db
    .insert(services)
    .values({ planId: caribe.plans[0]!.id, name: 'Asistencia en viaje', unlimitedCoverage: true, unlimitedEvents: true })
    .returning({ id: services.id });
  const bookingRows = await ctx.db
    .insert(bookings)
    .values([
      {
        codeRef: 'AG-PQRS2345', dspId: pacifico.dspId, customerId: ids['María Gómez']!, planId: pacifico.plans[0]!.id, planServiceId: service!.id,
        entitlementId: await holds(ids['María Gómez']!, pacifico.dspId, pacifico.plans[0]!.id), scheduledAt: new Date('2026-11-22T15:30:00Z'),
      },
      {
        codeRef: 'AG-PQRS6789', dspId: caribe.dspId, customerId: ids['María Caribe']!, planId: caribe.plans[0]!.id, planServiceId: caribeService!.id,
        entitlementId: await holds(ids['María Caribe']!, caribe.dspId, caribe.plans[0]!.id), scheduledAt: new Date('2026-11-23T15:30:00Z'),
      },
    ])
    .returning({ id: bookings.id, codeRef: bookings.codeRef });
  for (const row of bookingRows) ids[row.codeRef] = row.id;

  ids['Lucía Pérez'] = await ctx.createUser({ email: 'lucia.perez@panel.test', name: 'Lucía Pérez', roles: ['ADMIN'] });
  const operatorId = await ctx.createUser({ email: 'operadora.pacifico@panel.test', name: 'Operadora Pacífico', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: pacifico.dspId, userId: operatorId });
  operatorToken = await ctx.signIn('operadora.pacifico@panel.test');

  const [role] = await ctx.db.insert(roles).values({ name: 'Solo agendamientos', slug: 'SOLO_AGENDAMIENTOS' }).returning({ id: roles.id });
  const [view] = await ctx.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'operations.view'));
  await ctx.db.insert(rolePermissions).values({ roleId: role!.id, permissionId: view!.id });
  const viewerId = await ctx.createUser({ email: 'mirada.agenda@panel.test', name: 'Mirada Agenda', roles: ['SOLO_AGENDAMIENTOS'] });
  await ctx.db.insert(dspUsers).values({ dspId: pacifico.dspId, userId: viewerId });
  bookingsOnlyToken = await ctx.signIn('mirada.agenda@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

const get = (query: string, token = adminToken) => ctx.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: bearer(token) });
const search = async (q: string, token = adminToken, limit?: number): Promise<SearchResult[]> => {
  const response = await get(`q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SearchResult[];
};
const titlesOf = (results: SearchResult[], type: SearchResult['type']) => results.filter((result) => result.type === type).map((result) => result.title);

describe('GET /api/v1/search', () => {
  it('answers 422 with the field’s message for a term too short or too long, or a bad limit', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['q=a', { q: [SEARCH_MESSAGES.qTooShort] }],
      ['q=%20%20a%20', { q: [SEARCH_MESSAGES.qTooShort] }],
      ['', { q: [SEARCH_MESSAGES.qTooShort] }],
      [`q=${'x'.repeat(101)}`, { q: [SEARCH_MESSAGES.qTooLong] }],
      ['q=andes&limit=0', { limit: [SEARCH_MESSAGES.limit] }],
      ['q=andes&limit=51', { limit: [SEARCH_MESSAGES.limit] }],
      ['q=andes&limit=dos', { limit: [SEARCH_MESSAGES.limit] }],
    ];
    for (const [query, errors] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toMatchObject({ status: 'error', message: VALIDATION_FAILED_MESSAGE, errors });
      expect(Object.keys(response.json().errors), query).toEqual(Object.keys(errors));
    }
    expect((await get(`q=${'x'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('asks to sign in first', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/search?q=andes' })).statusCode).toBe(401);
  });

  it('answers the success envelope with a plain array of results', async () => {
    const response = await get('q=andes');
    expect(response.json()).toMatchObject({ status: 'success', message: null });
    expect(Array.isArray(response.json().data)).toBe(true);
  });

  it('finds names ignoring accents and case', async () => {
    expect(titlesOf(await search('peru'), 'sponsor')).toEqual(['Seguros Perú']);
    expect(titlesOf(await search('GRUA'), 'service')).toEqual(['Grúa urgente']);
    expect(titlesOf(await search('pacifico'), 'dsp')).toEqual(['DSP Pacífico']);
    expect(titlesOf(await search('andina'), 'campaign')).toEqual(['Campaña Andina']);
    expect(titlesOf(await search('hogar total'), 'plan')).toEqual(['Plan Hogar Total']);
    // 'Jardinería' starts with the term: before 'Hogar y jardín', which only contains it.
    expect(titlesOf(await search('jardin'), 'category')).toEqual(['Jardinería', 'Hogar y jardín']);
    expect(titlesOf(await search('lucia'), 'user')).toEqual(['Lucía Pérez']);
  });

  it('finds customers by name, DNI, e-mail and phone, and bookings by code', async () => {
    expect(titlesOf(await search('gomez'), 'customer')).toEqual(['María Gómez']);
    expect(titlesOf(await search('10203040'), 'customer')).toEqual(['María Gómez', 'Julián Ortiz']);
    expect(titlesOf(await search('julian@correo'), 'customer')).toEqual(['Julián Ortiz']);
    expect(titlesOf(await search('3004445566'), 'customer')).toEqual(['Julián Ortiz']);
    expect(titlesOf(await search('ag-pqrs2345'), 'booking')).toEqual(['AG-PQRS2345']);
  });

  it('finds users by name, e-mail and DNI', async () => {
    await ctx.db.execute(`update users set dni = '77665544' where email = 'lucia.perez@panel.test'`);
    expect(titlesOf(await search('perez'), 'user')).toEqual(['Lucía Pérez']);
    expect(titlesOf(await search('lucia.perez@'), 'user')).toEqual(['Lucía Pérez']);
    expect(titlesOf(await search('77665544'), 'user')).toEqual(['Lucía Pérez']);
  });

  it('ranks the exact match first, then what starts with the term, then the rest', async () => {
    expect(titlesOf(await search('andes'), 'sponsor')).toEqual(['Andes', 'Andes Norte', 'Banco de los Andes']);
    // The exact DNI before one that only contains it, whatever their order of creation.
    expect(titlesOf(await search('10203040'), 'customer')).toEqual(['María Gómez', 'Julián Ortiz']);
    expect(titlesOf(await search('9910203040'), 'customer')).toEqual(['Julián Ortiz']);
  });

  it('finds, for two letters, what starts with them: not what holds them inside', async () => {
    // 'Andes' and 'Andes Norte' start with 'an'; 'Banco de los Andes' and 'Campaña Andina' hold it.
    expect(titlesOf(await search('AN'), 'sponsor')).toEqual(['Andes', 'Andes Norte']);
    expect(titlesOf(await search('an'), 'campaign')).toEqual([]);
    expect(titlesOf(await search('ju'), 'customer')).toEqual(['Julián Ortiz']);
  });

  it('answers each result’s title, subtitle and the panel path that opens it', async () => {
    const found = (results: SearchResult[], type: SearchResult['type'], title: string) => results.find((result) => result.type === type && result.title === title);
    expect(found(await search('andes'), 'sponsor', 'Andes')).toEqual({ type: 'sponsor', id: ids['Andes'], title: 'Andes', subtitle: 'Colombia', url: `/sponsor/${ids['Andes']}` });
    expect(found(await search('andina'), 'campaign', 'Campaña Andina')).toEqual({
      type: 'campaign', id: ids['Campaña Andina'], title: 'Campaña Andina', subtitle: 'Sponsor Andes', url: `/sponsor/${ids['Andes']}/campaign/${ids['Campaña Andina']}`,
    });
    expect(found(await search('hogar total'), 'plan', 'Plan Hogar Total')).toEqual({
      type: 'plan', id: pacifico.plans[0]!.id, title: 'Plan Hogar Total', subtitle: 'Campaña Campaña de DSP Pacífico',
      url: `/planes-asistencia?campaign=${pacifico.campaignId}&q=Plan+Hogar+Total`,
    });
    expect(found(await search('grua'), 'service', 'Grúa urgente')).toEqual({
      type: 'service', id: ids['Grúa urgente'], title: 'Grúa urgente', subtitle: 'Plan Plan Hogar Total · Campaña de DSP Pacífico',
      url: `/servicios?campaign=${pacifico.campaignId}&q=Gr%C3%BAa+urgente`,
    });
    const gardens = await search('jardin');
    expect(found(gardens, 'category', 'Hogar y jardín')).toEqual({
      type: 'category', id: ids['Hogar y jardín'], title: 'Hogar y jardín', subtitle: 'Categoría principal', url: '/categorias?q=Hogar+y+jard%C3%ADn',
    });
    expect(found(gardens, 'category', 'Jardinería')?.subtitle).toBe('Subcategoría de Hogar y jardín');
    expect(found(await search('pacifico'), 'dsp', 'DSP Pacífico')).toEqual({
      type: 'dsp', id: pacifico.dspId, title: 'DSP Pacífico', subtitle: 'Sponsor Sponsor de DSP Pacífico', url: `/dsp-config?config=${pacifico.dspId}`,
    });
    expect(found(await search('10203040'), 'customer', 'María Gómez')).toEqual({
      type: 'customer', id: ids['María Gómez'], title: 'María Gómez', subtitle: 'DNI 10203040 · DSP DSP Pacífico', url: `/customers/${pacifico.dspId}?q=10203040`,
    });
    expect(found(await search('AG-PQRS2345'), 'booking', 'AG-PQRS2345')).toEqual({
      type: 'booking', id: ids['AG-PQRS2345'], title: 'AG-PQRS2345', subtitle: 'María Gómez · Grúa urgente · 22/11/2026 10:30',
      url: `/agendamientos?dsp=${pacifico.dspId}&booking=${ids['AG-PQRS2345']}`,
    });
    expect(found(await search('lucia'), 'user', 'Lucía Pérez')).toMatchObject({ type: 'user', id: ids['Lucía Pérez'], url: '/users?q=lucia.perez%40panel.test' });
  });

  it('writes a booking’s time in the zone the caller gives (tz), as the bookings list does; a zone that does not exist is a 400', async () => {
    const subtitleIn = async (tz: string) => {
      const response = await get(`q=AG-PQRS2345&tz=${encodeURIComponent(tz)}`, adminToken);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as SearchResult[]).find((result) => result.type === 'booking')?.subtitle;
    };
    expect(await subtitleIn('UTC')).toBe('María Gómez · Grúa urgente · 22/11/2026 15:30');
    expect(await subtitleIn('America/Bogota')).toBe('María Gómez · Grúa urgente · 22/11/2026 10:30');
    expect((await get('q=AG-PQRS2345&tz=Marte/Olympus', adminToken)).statusCode).toBe(400);
  });

  it('groups the results by type, in the palette’s order', async () => {
    // 'pacifico' names a DSP, its sponsor, its campaign and its staff member.
    const types = (await search('pacifico')).map((result) => result.type);
    expect(types.length).toBeGreaterThan(3);
    expect(types).toEqual([...types].sort((a, b) => SEARCH_TYPES.indexOf(a) - SEARCH_TYPES.indexOf(b)));
  });

  it('caps the whole answer at limit, keeping the best matches of every type', async () => {
    expect(await search('an', adminToken, 2)).toHaveLength(2);
    expect((await search('an')).length).toBeLessThanOrEqual(20);
    // An exact DNI outranks the many partial matches of other types.
    const [only] = await search('10203040', adminToken, 1);
    expect(only).toMatchObject({ type: 'customer', title: 'María Gómez' });
  });

  it('shows an assigned operator the customers and bookings of their DSPs only, and no users nor DSPs', async () => {
    expect(titlesOf(await search('maria', operatorToken), 'customer')).toEqual(['María Gómez']);
    expect(titlesOf(await search('10203041', operatorToken), 'customer')).toEqual([]);
    expect(titlesOf(await search('ag-pqrs', operatorToken), 'booking')).toEqual(['AG-PQRS2345']);
    expect(await search('AG-PQRS6789', operatorToken)).toEqual([]);
    expect(titlesOf(await search('lucia', operatorToken), 'user')).toEqual([]);
    expect(titlesOf(await search('pacifico', operatorToken), 'dsp')).toEqual([]);
    // The admin, who configures every DSP, sees both.
    expect(titlesOf(await search('maria'), 'customer').sort()).toEqual(['María Caribe', 'María Gómez']);
  });

  it('sends the same statements whether another DSP holds matches or not', async () => {
    const statementsOf = async (q: string) =>
      (await captureStatements(ctx.db, () => get(`q=${q}`, operatorToken))).statements.map((statement) => statement.text).filter((text) => !/^update "sessions"/.test(text));
    expect(await statementsOf('10203041')).toEqual(await statementsOf('zzzzzzzz'));
  });

  it('shows nothing of sponsors, campaigns, plans, services or categories without their permissions', async () => {
    const types = new Set((await search('pacifico', bookingsOnlyToken)).map((result) => result.type));
    expect([...types].filter((type) => type !== 'customer' && type !== 'booking')).toEqual([]);
    expect(await search('andes', bookingsOnlyToken)).toEqual([]);
    expect(titlesOf(await search('ag-pqrs', bookingsOnlyToken), 'booking')).toEqual(['AG-PQRS2345']);
  });

  it('shows no bookings without operations.view', async () => {
    await ctx.createUser({ email: 'admin.sin.agenda@panel.test', roles: ['ADMIN'] });
    const token = await ctx.signIn('admin.sin.agenda@panel.test');
    expect(titlesOf(await search('ag-pqrs', token), 'booking')).toEqual([]);
    expect(titlesOf(await search('andes', token), 'sponsor')).toEqual(['Andes', 'Andes Norte', 'Banco de los Andes']);
  });

  it('reads every large table through an index', async () => {
    for (const q of ['maria', '10203040', 'ag-pqrs2345', 'an']) {
      const { statements, result } = await captureStatements(ctx.db, () => get(`q=${q}`));
      expect(result.statusCode).toBe(200);
      const scans: string[] = [];
      for (const statement of statements) {
        for (const table of await fullTableReads(ctx.db, statement)) if (LARGE_TABLES.includes(table)) scans.push(`${table} in: ${statement.text}`);
      }
      expect(scans, q).toEqual([]);
    }
  });
});
