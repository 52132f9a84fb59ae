import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients, auditLog, countries, deletedRecords, dspUsers, users } from '../../server/db/schema';
import { purgeExpiredRestores } from '../../server/modules/audit/restore';
import { hashSecret } from '../../server/security/secrets';
import { createStorage } from '../../server/storage';
import { ADMIN_PASSWORD, bearer, createTestContext, multipart, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { file, pngBytes, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
let countryId: number;
const data = tempDataDir('restore');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
  countryId = country!.id;
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const auth = (as = token) => bearer(as);
const get = (url: string, as = token) => ctx.inject({ method: 'GET', url, headers: auth(as) });
const remove = (url: string, as = token) => ctx.inject({ method: 'DELETE', url, headers: auth(as) });
const restore = (entryId: number, as = token) => ctx.inject({ method: 'POST', url: `/api/v1/audit/${entryId}/restore`, headers: auth(as) });
const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await ctx.inject({ method: 'POST', url, headers: auth(), payload });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as { id: number } & Record<string, unknown>;
};

let sponsorCount = 0;
async function createSponsor(name = `Sponsor restaurable ${++sponsorCount}`) {
  const body = await multipart({ name, country_id: String(countryId), logo: file(pngBytes(), 'logo.png', 'image/png') });
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: { ...auth(), ...body.headers }, payload: body.payload });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as { id: number; name: string; logo_url: string };
}

/** Deletes through the API and answers the history entry the DELETE names. */
async function deleted(url: string, as = token): Promise<number> {
  const response = await remove(url, as);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json().data as { entry_id: number; restorable_until: string };
  expect(Date.parse(answer.restorable_until) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  return answer.entry_id;
}

/** Moves an entry back in time, as if it had been written `days` ago. */
const age = (entryId: number, days: number) =>
  ctx.db.update(auditLog).set({ createdAt: sql`now() - make_interval(days => ${days})` }).where(eq(auditLog.id, entryId));

const entry = async (entryId: number) => {
  const response = await get(`/api/v1/audit?filter[action]=delete&limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.data as { id: number; restorable_until: string | null }[]).find((found) => found.id === entryId);
};

describe('POST /api/v1/audit/:id/restore', () => {
  it('brings a deleted sponsor back with its id, fields and logo, writes it in the history, and refuses a second restore', async () => {
    const sponsor = await createSponsor();
    const logo = await ctx.inject({ method: 'GET', url: sponsor.logo_url });
    const entryId = await deleted(`/api/v1/sponsors/${sponsor.id}`);
    expect((await get(`/api/v1/sponsors/${sponsor.id}`)).statusCode).toBe(404);
    expect((await entry(entryId))?.restorable_until).toEqual(expect.any(String));

    const restored = await restore(entryId);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().message).toBe('Registro restaurado.');
    expect(restored.json().data).toMatchObject({ id: sponsor.id, name: sponsor.name, country_id: countryId, logo_url: sponsor.logo_url });

    const detail = await get(`/api/v1/sponsors/${sponsor.id}`);
    expect(detail.json().data).toMatchObject({ id: sponsor.id, name: sponsor.name, logo_url: sponsor.logo_url });
    const file = await ctx.inject({ method: 'GET', url: sponsor.logo_url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(logo.rawPayload)).toBe(true);

    const history = (await get(`/api/v1/sponsors/${sponsor.id}/history`)).json().data.data as { action: string }[];
    expect(history.map((found) => found.action)).toEqual(['restore', 'delete', 'create']);
    expect((await entry(entryId))?.restorable_until).toBeNull();

    const again = await restore(entryId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este registro ya se restauró.');
  });

  it('answers 409 with the name’s message when another sponsor took the name meanwhile', async () => {
    const sponsor = await createSponsor('Nombre ocupado');
    const entryId = await deleted(`/api/v1/sponsors/${sponsor.id}`);
    await post('/api/v1/sponsors', { name: 'nombre ocupado', country_id: countryId });

    const response = await restore(entryId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Ya existe un sponsor con ese nombre.', errors: { name: ['Ya existe un sponsor con ese nombre.'] } });
    expect((await get(`/api/v1/sponsors/${sponsor.id}`)).statusCode).toBe(404);
  });

  it('answers 410 once the window has passed, and 404 for an entry that does not exist', async () => {
    const sponsor = await createSponsor();
    const entryId = await deleted(`/api/v1/sponsors/${sponsor.id}`);
    await age(entryId, 31);
    expect((await entry(entryId))?.restorable_until).toBeNull();

    const response = await restore(entryId);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe('Ya pasó el plazo para restaurar este registro.');
    expect((await restore(999_999)).statusCode).toBe(404);
  });

  it('answers 422 naming what is gone when a campaign’s sponsor was deleted after it', async () => {
    const sponsor = await createSponsor();
    const campaign = await post('/api/v1/campaigns', { name: 'Campaña huérfana', sponsor_id: sponsor.id, country_id: countryId });
    const entryId = await deleted(`/api/v1/campaigns/${campaign.id}`);
    await deleted(`/api/v1/sponsors/${sponsor.id}`);

    const response = await restore(entryId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'El sponsor de esta campaña ya no existe.', errors: { sponsor_id: ['El sponsor de esta campaña ya no existe.'] } });
  });

  it('shows a campaign’s delete in its sponsor’s history, restorable from there', async () => {
    const sponsor = await createSponsor();
    const campaign = await post('/api/v1/campaigns', { name: 'Campaña del historial', sponsor_id: sponsor.id, country_id: countryId });
    const entryId = await deleted(`/api/v1/campaigns/${campaign.id}`);
    const history = (await get(`/api/v1/sponsors/${sponsor.id}/history`)).json().data.data as { id: number; resource: string; restorable_until: string | null }[];
    expect(history.find((found) => found.id === entryId)).toMatchObject({ resource: 'campaign', restorable_until: expect.any(String) });
    const other = await createSponsor();
    const unrelated = (await get(`/api/v1/sponsors/${other.id}/history`)).json().data.data as { id: number }[];
    expect(unrelated.map((found) => found.id)).not.toContain(entryId);
    expect((await restore(entryId)).statusCode).toBe(201);
    expect((await get(`/api/v1/campaigns/${campaign.id}`)).json().data).toMatchObject({ id: campaign.id, sponsor_id: sponsor.id });
  });

  it('answers 422 for an entry that is no delete, and 404 to someone without the resource’s permission', async () => {
    const sponsor = await createSponsor();
    const [created] = await ctx.db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.resource} = 'sponsor' and ${auditLog.resourceId} = ${sponsor.id}`);
    expect((await restore(created!.id)).statusCode).toBe(422);

    const { dspId } = await insertDspWithPlans(ctx, 'DSP ajeno', ['Plan ajeno']);
    const entryId = await deleted(`/api/v1/dsps/${dspId}`);
    await ctx.createUser({ email: 'operadora.restore@panel.test', roles: ['OPERATOR'] });
    const operator = await ctx.signIn('operadora.restore@panel.test');
    const refused = await restore(entryId, operator);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('La entrada del historial no existe.');
  });

  it('brings a DSP back with the plans it sold and its staff, leaving out a link whose other end is gone', async () => {
    const { dspId, plans } = await insertDspWithPlans(ctx, 'DSP con relaciones', ['Plan A', 'Plan B']);
    const staff = await ctx.createUser({ email: 'staff.restore@panel.test' });
    const gone = await ctx.createUser({ email: 'gone.restore@panel.test' });
    await ctx.db.insert(dspUsers).values([staff, gone].map((userId) => ({ dspId, userId })));
    const entryId = await deleted(`/api/v1/dsps/${dspId}`);
    await ctx.db.delete(users).where(eq(users.id, gone));

    const response = await restore(entryId);
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await get(`/api/v1/dsps/${dspId}?include=plans`)).json().data as { plans: { id: number }[] };
    const planIds = detail.plans.map((plan) => plan.id);
    expect(planIds.sort()).toEqual(plans.map((plan) => plan.id).sort());
    const assigned = await ctx.db.select({ userId: dspUsers.userId }).from(dspUsers).where(eq(dspUsers.dspId, dspId));
    expect(assigned.map((row) => row.userId)).toEqual([staff]);
  });

  it('gives a restored API client a new secret, shown once, and the old one no longer matches', async () => {
    const { dspId } = await insertDspWithPlans(ctx, 'DSP de clientes', ['Plan C']);
    const client = await post(`/api/v1/dsps/${dspId}/clients`, { name: 'Cliente restaurable', client_id: 'cli-restore', client_secret: 'el-secreto-de-antes-123' });
    const entryId = await deleted(`/api/v1/clients/${client.id}`);

    const response = await restore(entryId);
    expect(response.statusCode, response.body).toBe(201);
    const restored = response.json().data as { id: number; client_id: string; client_secret: string };
    expect(restored).toMatchObject({ id: client.id, client_id: 'cli-restore' });
    expect(restored.client_secret).toEqual(expect.any(String));
    expect(restored.client_secret).not.toBe('el-secreto-de-antes-123');
    const [stored] = await ctx.db.select({ hash: apiClients.clientSecretHash }).from(apiClients).where(eq(apiClients.id, client.id));
    expect(stored!.hash).toBe(hashSecret(restored.client_secret));
    expect((await get(`/api/v1/clients/${client.id}`)).json().data.client_secret).toBeUndefined();
  });

  it('brings a user back with their roles but no password: signing in needs a recovery first', async () => {
    const userId = await ctx.createUser({ email: 'vuelve@panel.test', roles: ['OPERATOR'] });
    const entryId = await deleted(`/api/v1/users/${userId}`);

    const response = await restore(entryId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ id: userId, email: 'vuelve@panel.test', roles: [expect.objectContaining({ slug: 'OPERATOR' })] });
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'vuelve@panel.test', password: ADMIN_PASSWORD } });
    expect(login.statusCode).not.toBe(200);
  });
});

describe('a DSP’s customers', () => {
  it('bring a customer back with their subscriptions to staff of its DSP, and answer 404 to staff of another one', async () => {
    const own = await insertDspWithPlans(ctx, 'DSP propio', ['Plan propio']);
    const other = await insertDspWithPlans(ctx, 'DSP ajeno de clientes', ['Plan ajeno 2']);
    const password = 'Clave-Segura-2026';
    const customer = await post(`/api/v1/dsps/${own.dspId}/customers`, {
      dni: '90123456',
      name: 'Clara Restaurada',
      email: 'clara.restaurada@correo.test',
      password,
      password_confirmation: password,
      plan_id: [own.plans[0]!.id],
    });
    const entryId = await deleted(`/api/v1/customers/${customer.id}`);

    const outsider = await ctx.createUser({ email: 'staff.ajeno@panel.test', roles: ['OPERATOR'] });
    await ctx.db.insert(dspUsers).values({ dspId: other.dspId, userId: outsider });
    const refused = await restore(entryId, await ctx.signIn('staff.ajeno@panel.test'));
    expect(refused.statusCode).toBe(404);

    const insider = await ctx.createUser({ email: 'staff.propio@panel.test', roles: ['OPERATOR'] });
    await ctx.db.insert(dspUsers).values({ dspId: own.dspId, userId: insider });
    const response = await restore(entryId, await ctx.signIn('staff.propio@panel.test'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ id: customer.id, name: 'Clara Restaurada', entitlements: [expect.objectContaining({ plan_id: own.plans[0]!.id })] });
    expect(response.json().data.password_hash).toBeUndefined();
  });
});

describe('the scheduled cleanup', () => {
  it('removes the files and snapshots of deletes past the window, and keeps those of restored or recent ones', async () => {
    const expired = await createSponsor();
    const restoredOne = await createSponsor();
    const recent = await createSponsor();
    const expiredEntry = await deleted(`/api/v1/sponsors/${expired.id}`);
    const restoredEntry = await deleted(`/api/v1/sponsors/${restoredOne.id}`);
    const recentEntry = await deleted(`/api/v1/sponsors/${recent.id}`);
    expect((await restore(restoredEntry)).statusCode).toBe(201);
    await age(expiredEntry, 31);
    await age(restoredEntry, 31);

    // The same storage the app keeps its uploads in (the local disk under the test's data dir).
    await purgeExpiredRestores(ctx.db, await createStorage(ctx.config), ctx.app.log, ctx.config.restoreWindowSeconds);

    expect((await ctx.inject({ method: 'GET', url: expired.logo_url })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: restoredOne.logo_url })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: recent.logo_url })).statusCode).toBe(200);
    const left = (await ctx.db.select({ entryId: deletedRecords.entryId }).from(deletedRecords)).map((row) => row.entryId);
    expect(left).not.toContain(expiredEntry);
    expect(left).not.toContain(restoredEntry);
    expect(left).toContain(recentEntry);
    expect((await restore(recentEntry)).statusCode).toBe(201);
  });
});
