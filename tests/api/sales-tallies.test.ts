import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENTITLEMENT_STATUSES, PAYMENT_METHODS, type PaymentMethod } from '../../contract/entitlement.constants';
import { ENTITLEMENT_STATUSES_OF_SALE, SALE_STATUSES, type SaleStatus } from '../../contract/sale.constants';
import { anyOf } from '../../server/db/any-of';
import { recordDriverCalls } from '../../server/db/driver-calls';
import { compactSalesTallies } from '../../server/db/tallies';
import { campaigns, countries, customers, dspUsers, entitlements, plans } from '../../server/db/schema';
import { bearer, createTestContext, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';
import { insertSale } from './support/sale-rows';

// /ventas' totals filtered only by DSP, status or payment method are read from the tallies the
// database keeps as subscriptions and prices are written; these tests hold them to the sales
// counted one by one.

let ctx: TestContext;
let adminToken: string;
let operatorToken: string;
let dspIds: number[];
let planIds: number[];
let andesCampaign: number;
/** Countries a campaign moves between: pesos, dollars, Mexican pesos. */
let countryIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  const andes = await insertDspWithPlans(ctx, 'Andes Totales', ['Plan Hogar', 'Plan Auto']);
  // Caribe sells in Ecuador, in dollars: the totals hold one sum per currency.
  const caribe = await insertDspWithPlans(ctx, 'Caribe Totales', ['Plan Viaje'], 'EC');
  dspIds = [andes.dspId, caribe.dspId];
  andesCampaign = andes.campaignId;
  countryIds = await Promise.all(
    ['CO', 'EC', 'MX'].map(async (code) => (await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code)))[0]!.id),
  );
  planIds = [...andes.plans, ...caribe.plans].map((plan) => plan.id);
  await ctx.db.update(plans).set({ price: '150000.00' }).where(eq(plans.id, planIds[0]!));
  await ctx.db.update(plans).set({ price: '89900.50' }).where(eq(plans.id, planIds[1]!));
  const operatorId = await ctx.createUser({ email: 'operadora.totales@panel.test', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: andes.dspId, userId: operatorId });
  operatorToken = await ctx.signIn('operadora.totales@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

const summaryOf = async (query: string, token = adminToken) => {
  const response = await ctx.inject({ method: 'GET', url: `/api/v1/sales/summary${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { count: number; totals: { currency: string | null; count: number; total_amount: string }[] };
};

/**
 * The totals counted sale by sale, in cents, from every subscription and its plan's price and
 * currency now: one per currency, by code.
 */
async function countedOneByOne(filter: { status?: SaleStatus; paymentMethod?: PaymentMethod; dspId?: number }) {
  const rows = await ctx.db
    .select({ dspId: entitlements.dspId, status: entitlements.status, paymentMethod: entitlements.paymentMethod, price: plans.price, currency: plans.currency })
    .from(entitlements)
    .innerJoin(plans, eq(plans.id, entitlements.planId));
  const kept = rows.filter(
    (row) =>
      (filter.status === undefined || ENTITLEMENT_STATUSES_OF_SALE[filter.status].includes(row.status)) &&
      (filter.paymentMethod === undefined || row.paymentMethod === filter.paymentMethod) &&
      (filter.dspId === undefined || row.dspId === filter.dspId),
  );
  const byCurrency = new Map<string | null, { count: number; cents: bigint }>();
  for (const row of kept) {
    const total = byCurrency.get(row.currency) ?? { count: 0, cents: 0n };
    byCurrency.set(row.currency, { count: total.count + 1, cents: total.cents + (row.price === null ? 0n : BigInt(row.price.replace('.', ''))) });
  }
  const totals = [...byCurrency]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([currency, { count, cents }]) => ({ currency, count, total_amount: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}` }));
  return { count: kept.length, totals };
}

const status = fc.constantFrom(...ENTITLEMENT_STATUSES);
const paymentMethod = fc.option(fc.constantFrom(...PAYMENT_METHODS), { nil: null });
/** A price in whole cents up to 999,999.99, or none. */
const price = fc.option(fc.integer({ min: 0, max: 99_999_999 }).map((cents) => (cents / 100).toFixed(2)), { nil: null });
const pick = fc.nat();

const write = fc.oneof(
  fc.record({ kind: fc.constant('sell' as const), dsp: fc.nat(1), plan: fc.nat(2), status, paymentMethod }),
  fc.record({ kind: fc.constant('status' as const), pick, status }),
  fc.record({ kind: fc.constant('payment' as const), pick, paymentMethod }),
  fc.record({ kind: fc.constant('plan' as const), pick, plan: fc.nat(2) }),
  fc.record({ kind: fc.constant('dsp' as const), pick }),
  fc.record({ kind: fc.constant('expireAll' as const), dsp: fc.nat(1) }),
  fc.record({ kind: fc.constant('deleteCustomer' as const), pick }),
  fc.record({ kind: fc.constant('reprice' as const), plan: fc.nat(2), price }),
  fc.record({ kind: fc.constant('fold' as const) }),
  // A campaign moved to a country of another currency takes its plans' sales with it.
  fc.record({ kind: fc.constant('recountry' as const), country: fc.nat(2) }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function apply(step: Write): Promise<void> {
  const existing = await ctx.db.select({ id: entitlements.id, customerId: entitlements.customerId }).from(entitlements).orderBy(entitlements.id);
  const chosen = 'pick' in step && existing.length > 0 ? existing[step.pick % existing.length]! : null;
  switch (step.kind) {
    case 'sell':
      await insertSale(ctx, { dspId: dspIds[step.dsp]!, planId: planIds[step.plan]!, status: step.status, paymentMethod: step.paymentMethod });
      return;
    case 'status':
      if (chosen) await ctx.db.update(entitlements).set({ status: step.status }).where(eq(entitlements.id, chosen.id));
      return;
    case 'payment':
      if (chosen) await ctx.db.update(entitlements).set({ paymentMethod: step.paymentMethod }).where(eq(entitlements.id, chosen.id));
      return;
    case 'plan':
      // Each test customer holds one subscription, so a new plan never meets one they already hold.
      if (chosen) await ctx.db.update(entitlements).set({ planId: planIds[step.plan]! }).where(eq(entitlements.id, chosen.id));
      return;
    case 'dsp':
      if (chosen) {
        const [row] = await ctx.db.select({ dspId: entitlements.dspId }).from(entitlements).where(eq(entitlements.id, chosen.id));
        const other = dspIds.find((id) => id !== row!.dspId)!;
        await ctx.db.update(entitlements).set({ dspId: other }).where(eq(entitlements.id, chosen.id));
        await ctx.db.update(customers).set({ dspId: other }).where(eq(customers.id, chosen.customerId));
      }
      return;
    case 'expireAll':
      // Many subscriptions in one statement, as a job that expires them would.
      await ctx.db
        .update(entitlements)
        .set({ status: 'EXPIRED' })
        .where(anyOf(entitlements.id, (await ctx.db.select({ id: entitlements.id }).from(entitlements).where(eq(entitlements.dspId, dspIds[step.dsp]!))).map((row) => row.id)));
      return;
    case 'deleteCustomer':
      // Their subscriptions go with them (on delete cascade).
      if (chosen) await ctx.db.delete(customers).where(eq(customers.id, chosen.customerId));
      return;
    case 'reprice':
      await ctx.db.update(plans).set({ price: step.price }).where(eq(plans.id, planIds[step.plan]!));
      return;
    case 'fold':
      await compactSalesTallies(ctx.db);
      return;
    case 'recountry':
      await ctx.db.update(campaigns).set({ countryId: countryIds[step.country]! }).where(eq(campaigns.id, andesCampaign));
      return;
  }
}

describe('GET /api/v1/sales/summary from the tallies', () => {
  it('answers what counting every sale answers, whatever was written before: sales, new statuses, methods, plans and DSPs, deleted customers, new prices, campaigns moved to another currency', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const step of steps) await apply(step);
        const [andes, caribe] = dspIds as [number, number];
        expect(await summaryOf('')).toMatchObject(await countedOneByOne({}));
        for (const saleStatus of SALE_STATUSES) expect(await summaryOf(`?filter[status]=${saleStatus}`)).toMatchObject(await countedOneByOne({ status: saleStatus }));
        expect(await summaryOf('?filter[payment_method]=tarjeta')).toMatchObject(await countedOneByOne({ paymentMethod: 'tarjeta' }));
        expect(await summaryOf(`?filter[dsp_id]=${caribe}&filter[status]=pagado`)).toMatchObject(await countedOneByOne({ dspId: caribe, status: 'pagado' }));
        // An operator sees the totals of their DSP only.
        expect(await summaryOf('', operatorToken)).toMatchObject(await countedOneByOne({ dspId: andes }));
      }),
      { numRuns: 20 },
    );
  });

  it('reads no subscription unless a search or dates ask for the sales themselves', async () => {
    await insertSale(ctx, { dspId: dspIds[0]!, planId: planIds[0]!, name: 'Lucía Totales', paymentMethod: 'efectivo' });
    const statementsOf = async (query: string) => {
      const { calls } = await recordDriverCalls(ctx.db, () => summaryOf(query));
      return calls.map((call) => JSON.stringify(call[0]));
    };
    const tallied = await statementsOf('?filter[status]=pagado&filter[payment_method]=efectivo');
    expect(tallied.some((text) => text.includes('sales_tallies'))).toBe(true);
    expect(tallied.filter((text) => text.includes('\\"entitlements\\"'))).toEqual([]);
    for (const query of ['?filter[q]=lucia', '?filter[from]=2026-01-01']) {
      expect((await statementsOf(query)).some((text) => text.includes('\\"entitlements\\"'))).toBe(true);
    }
    expect((await summaryOf('?filter[q]=lucia totales')).count).toBe(1);
  });

  it('folds the rows that pile up into one per DSP, status, method and currency, and the totals stay', async () => {
    const before = await summaryOf('');
    // Each sale written adds a row of differences.
    for (let index = 0; index < 30; index += 1) await insertSale(ctx, { dspId: dspIds[1]!, planId: planIds[2]!, status: 'ACTIVE', paymentMethod: 'tarjeta' });
    const countOf = async (what: string) => {
      const { rows } = (await ctx.db.execute(sql.raw(`select ${what} as n from sales_tallies`))) as unknown as { rows: { n: string }[] };
      return Number(rows[0]!.n);
    };
    const rowsOf = () => countOf('count(*)');
    const piled = await rowsOf();
    await compactSalesTallies(ctx.db);
    const folded = await rowsOf();
    // The 30 rows of one key are one now.
    expect(folded).toBeLessThanOrEqual(piled - 29);
    expect(folded).toBe(await countOf('count(distinct (dsp_id, status, payment_method, currency))'));
    expect(await countOf('count(*) filter (where not folded)')).toBe(0);
    expect((await summaryOf('')).count).toBe(before.count + 30);
    expect(await summaryOf('')).toMatchObject(await countedOneByOne({}));

    // Past 500 rows of differences, reading the totals folds them.
    const { customerId } = await insertSale(ctx, { dspId: dspIds[0]!, planId: planIds[1]!, status: 'CANCELLED' });
    for (let index = 0; index < 501; index += 1) {
      await ctx.db.insert(entitlements).values({ customerId, dspId: dspIds[0]!, planId: planIds[1]!, status: 'CANCELLED', paymentMethod: 'efectivo' });
    }
    expect(await countOf('count(*) filter (where not folded)')).toBe(502);
    expect(await summaryOf('?filter[status]=cancelado')).toMatchObject(await countedOneByOne({ status: 'cancelado' }));
    expect(await countOf('count(*) filter (where not folded)')).toBe(0);
    expect(await summaryOf('')).toMatchObject(await countedOneByOne({}));
  });

  it('give the sales list its exact total, and the same pages read from either end', async () => {
    // Ties on the date: the id breaks them, also when a page is read from the end.
    const moments = ['2026-05-01T10:00:00Z', '2026-05-02T10:00:00Z', '2026-05-03T10:00:00Z'].map((at) => new Date(at));
    for (let index = 0; index < 23; index += 1) {
      await insertSale(ctx, { dspId: dspIds[index % 2]!, planId: planIds[index % 3]!, status: index % 4 === 0 ? 'PENDING' : 'ACTIVE', createdAt: moments[index % 3]! });
    }
    const plainPage = async (statuses: string[], page: number, limit: number) => {
      const { rows } = (await ctx.db.execute(
        sql`select id from entitlements where status::text in ${statuses} order by created_at desc, id desc limit ${limit} offset ${(page - 1) * limit}`,
      )) as unknown as { rows: { id: number }[] };
      return rows.map((row) => row.id);
    };
    for (const [query, statuses] of [
      ['', ENTITLEMENT_STATUSES as readonly string[]],
      ['&filter[status]=pagado', ENTITLEMENT_STATUSES_OF_SALE.pagado],
    ] as const) {
      const total = (await countedOneByOne(query ? { status: 'pagado' } : {})).count;
      const limit = 4;
      const lastPage = Math.ceil(total / limit);
      for (const page of [1, 2, Math.ceil(lastPage / 2), Math.ceil(lastPage / 2) + 1, lastPage - 1, lastPage, lastPage + 1]) {
        const response = await ctx.inject({ method: 'GET', url: `/api/v1/sales?limit=${limit}&page=${page}${query}`, headers: bearer(adminToken) });
        const answer = response.json().data;
        expect(answer.data.map((row: { id: number }) => row.id), `page ${page}${query}`).toEqual(await plainPage([...statuses], page, limit));
        expect(answer).toMatchObject({ total, total_is_estimate: false, last_page: lastPage });
      }
    }
  });

  it.runIf(inject('databaseTemplate').kind === 'postgres')(
    'count a sale written while its plan changes price at the price it ends with, whichever commits first (PostgreSQL)',
    async () => {
      const plan = planIds[2]!;
      const dspId = dspIds[1]!;
      /** Until another connection waits on a lock in this database (the write the test holds back). */
      const someoneWaits = () =>
        expect
          .poll(async () => {
            const { rows } = (await ctx.db.execute(
              sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { waiting: number }[] };
            return rows[0]!.waiting;
          })
          .toBeGreaterThan(0);
      const held = () => {
        let release!: () => void;
        let reached!: () => void;
        return { gate: new Promise<void>((resolve) => (release = resolve)), there: new Promise<void>((resolve) => (reached = resolve)), release: () => release(), reached: () => reached() };
      };

      // The price changes first; a sale is written before that change commits.
      const change = held();
      const changing = ctx.db.transaction(async (tx) => {
        await tx.update(plans).set({ price: '1234.56' }).where(eq(plans.id, plan));
        change.reached();
        await change.gate;
      });
      await change.there;
      const selling = insertSale(ctx, { dspId, planId: plan, paymentMethod: 'cheque' });
      await someoneWaits().finally(change.release);
      await Promise.all([changing, selling]);
      expect(await summaryOf('')).toMatchObject(await countedOneByOne({}));

      // A sale is written first; the price changes before that sale commits.
      const sale = held();
      const [buyer] = await ctx.db
        .insert(customers)
        .values({ dspId, dni: 'CARRERA-1', name: 'Cliente Carrera', email: 'carrera@ventas.test', phone: null, meta: { address: null, city: null }, passwordHash: 'x' })
        .returning({ id: customers.id });
      const buying = ctx.db.transaction(async (tx) => {
        await tx.insert(entitlements).values({ customerId: buyer!.id, dspId, planId: plan, status: 'ACTIVE', paymentMethod: 'cheque' });
        sale.reached();
        await sale.gate;
      });
      await sale.there;
      // A query builder runs when it is awaited: `execute` sends it now.
      const repricing = ctx.db.update(plans).set({ price: '99.99' }).where(eq(plans.id, plan)).execute();
      await someoneWaits().finally(sale.release);
      await Promise.all([buying, repricing]);
      expect(await summaryOf('')).toMatchObject(await countedOneByOne({}));
    },
  );
});
