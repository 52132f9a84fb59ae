import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dspUsers, plans } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

let ctx: TestContext;
let adminToken: string;
let assignedToken: string;
let unassignedToken: string;
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Andes Ventas', ['Plan Viaje', 'Plan Auto']);
  other = await insertDspWithPlans(ctx, 'Caribe Ventas', ['Plan Mar']);
  await ctx.db.update(plans).set({ price: '49900.50' }).where(eq(plans.id, dsp.plans[0]!.id));
  const assignedId = await ctx.createUser({ email: 'operadora.planes@panel.test', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: assignedId });
  await ctx.createUser({ email: 'operador.sin.dsp@panel.test', roles: ['OPERATOR'] });
  assignedToken = await ctx.signIn('operadora.planes@panel.test');
  unassignedToken = await ctx.signIn('operador.sin.dsp@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

const read = (dspId: number, token: string) => ctx.inject({ method: 'GET', url: `/api/v1/dsps/${dspId}/customer-plans`, headers: bearer(token) });

describe('GET /api/v1/dsps/:dspId/customer-plans', () => {
  it('answers the DSP’s name and the plans it sells, by name, with their price; never a plan it does not sell', async () => {
    const response = await read(dsp.dspId, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: dsp.dspId,
      name: 'Andes Ventas',
      plans: [
        { id: dsp.plans[1]!.id, name: 'Plan Auto', price: null },
        { id: dsp.plans[0]!.id, name: 'Plan Viaje', price: 49900.5 },
      ],
    });
  });

  it('answers staff assigned to the DSP, who cannot read the DSP itself', async () => {
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/dsps/${dsp.dspId}`, headers: bearer(assignedToken) })).statusCode).toBe(403);
    const response = await read(dsp.dspId, assignedToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Andes Ventas');
  });

  it('answers 404 for a DSP the person is not assigned to, as for one that does not exist', async () => {
    for (const [dspId, token] of [
      [other.dspId, assignedToken],
      [dsp.dspId, unassignedToken],
      [999_999, adminToken],
    ] as const) {
      const response = await read(dspId, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', message: 'La DSP no existe.' });
    }
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/dsps/${dsp.dspId}/customer-plans` })).statusCode).toBe(401);
  });
});
