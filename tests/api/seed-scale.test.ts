import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleSizes, seedScale, textArray } from '../../server/db/seed/scale';
import { PLAN_TIERS } from '../../server/db/seed/scale-words';
import { bearer, createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
const SCALE = 0.001;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedScale(ctx.db, { scale: SCALE });
});
afterAll(async () => {
  await ctx?.close();
});

/** A plan's tier, its position in PLAN_TIERS, read from its name ('Plus Hogar'). */
const tierOf = (name: string) => sql`array_position(${textArray(PLAN_TIERS)}, split_part(${sql.raw(name)}, ' ', 1))`;

/** The one number a query answers. */
const number = async (query: string | SQL) => Number(Object.values(((await ctx.db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!)[0]);

describe('the scale data set, at a thousandth', () => {
  it('has the sizes asked for: each scaled size, three subscriptions per customer, the staff beside the first admin', async () => {
    const sizes = scaleSizes(SCALE);
    expect(await number('select count(*) from sponsors')).toBe(sizes.sponsors);
    expect(await number('select count(*) from campaigns')).toBe(sizes.campaigns);
    expect(await number('select count(*) from plans')).toBe(sizes.plans);
    expect(await number('select count(*) from services')).toBe(sizes.services);
    expect(await number('select count(*) from dsps')).toBe(sizes.dsps);
    expect(await number('select count(*) from customers')).toBe(sizes.customers);
    expect(await number('select count(*) from entitlements')).toBe(sizes.customers * 3);
    expect(await number('select count(*) from bookings')).toBe(sizes.bookings);
    expect(await number('select count(*) from users')).toBe(sizes.staff + 1);
  });

  it('keeps the relations the API guarantees: a subscription of a plan its DSP sells, a booking of a service of its subscription’s plan', async () => {
    expect(await number('select count(*) from entitlements e join customers c on c.id = e.customer_id where c.dsp_id <> e.dsp_id')).toBe(0);
    expect(await number('select count(*) from entitlements e left join dsp_plans s on s.dsp_id = e.dsp_id and s.plan_id = e.plan_id where s.plan_id is null')).toBe(0);
    expect(await number('select count(*) from dsp_plans s join dsps d on d.id = s.dsp_id join plans p on p.id = s.plan_id join campaigns c on c.id = p.campaign_id where c.sponsor_id <> d.sponsor_id')).toBe(0);
    expect(
      await number(
        `select count(*) from bookings b join entitlements e on e.id = b.entitlement_id join services s on s.id = b.plan_service_id
         where e.customer_id <> b.customer_id or e.dsp_id <> b.dsp_id or e.plan_id <> b.plan_id or s.plan_id <> b.plan_id or e.status <> 'ACTIVE'`,
      ),
    ).toBe(0);
    expect(await number("select count(*) from bookings b join dsps d on d.id = b.dsp_id where d.type = 'SALE'")).toBe(0);
    expect(await number('select count(*) from services s join plans p on p.id = s.plan_id join campaign_categories cc on cc.id = s.category_id where cc.campaign_id <> p.campaign_id')).toBe(0);
    expect(await number('select count(*) from plans p join plans base on base.id = p.plan_id where base.campaign_id <> p.campaign_id or base.id = p.id')).toBe(0);
  });

  it('stays within every service’s event limit, counting the bookings that are not cancelled', async () => {
    const overLimit = await number(
      `select count(*) from (
         select b.entitlement_id, s.event_limit, count(*) as taken from bookings b join services s on s.id = b.plan_service_id
         where b.status <> 'CANCELLED' and not s.unlimited_events group by b.entitlement_id, s.id, s.event_limit
       ) used where taken > event_limit`,
    );
    expect(overLimit).toBe(0);
  });

  it('dates bookings as an operator would see them: the past delivered or cancelled, the future pending, each stamp and history row in place', async () => {
    expect(await number("select count(*) from bookings where status = 'CONSUMED' and (consumed_at is null or consumed_at > now() or scheduled_at > now())")).toBe(0);
    expect(await number("select count(*) from bookings where (status = 'CANCELLED') <> (cancelled_at is not null) or (status = 'CONSUMED') <> (consumed_at is not null)")).toBe(0);
    expect(await number("select count(*) from bookings where status in ('CONFIRMED', 'CONSUMED') and confirmed_at is null")).toBe(0);
    expect(await number('select count(*) from bookings where created_at > scheduled_at or confirmed_at < created_at or cancelled_at < confirmed_at or updated_at < created_at')).toBe(0);
    const past = await number("select count(*) from bookings where scheduled_at < now()");
    expect(past / (await number('select count(*) from bookings'))).toBeGreaterThan(0.8);
    expect(await number("select count(*) filter (where status in ('CONSUMED', 'CANCELLED')) * 1.0 / count(*) from bookings where scheduled_at < now()")).toBeGreaterThan(0.85);
    expect(await number("select count(*) filter (where status in ('PENDING', 'CONFIRMED')) * 1.0 / count(*) from bookings where scheduled_at > now()")).toBeGreaterThan(0.8);
    expect(await number("select count(*) from bookings b where not exists (select 1 from booking_status_histories h where h.booking_id = b.id and h.old_status is null and h.new_status = 'PENDING')")).toBe(0);
    expect(await number("select count(*) from bookings b where b.status <> 'PENDING' and not exists (select 1 from booking_status_histories h where h.booking_id = b.id and h.new_status = b.status)")).toBe(0);
  });

  it('gives each active subscription one open period and every subscription the history of its status', async () => {
    expect(await number("select count(*) from entitlements e where e.status = 'ACTIVE' and (select count(*) from entitlement_periods p where p.entitlement_id = e.id and p.is_open) <> 1")).toBe(0);
    expect(await number("select count(*) from entitlement_periods p join entitlements e on e.id = p.entitlement_id where p.is_open and e.status <> 'ACTIVE'")).toBe(0);
    expect(await number('select count(*) from entitlements e where not exists (select 1 from entitlement_status_histories h where h.entitlement_id = e.id and h.new_status = e.status)')).toBe(0);
    expect(await number("select count(*) from entitlements where (status = 'PENDING') <> (payment_method is null)")).toBe(0);
  });

  it('writes its descriptions as staff would: one full stop at the end, even after a sponsor named S.A.', async () => {
    expect(await number("select count(*) from sponsors where name like '%.'")).toBeGreaterThan(0);
    for (const table of ['campaigns', 'plans', 'services']) expect(await number(`select count(*) from ${table} where description like '%..%'`), table).toBe(0);
  });

  it('prices each tier above the one before it, and an upgrade above the plan it improves', async () => {
    expect(await number(sql`select count(*) from plans where ${tierOf('name')} is null`)).toBe(0);
    expect(await number(sql`select count(*) from plans a join plans b on b.campaign_id = a.campaign_id and ${tierOf('b.name')} > ${tierOf('a.name')} where b.price <= a.price`)).toBe(0);
    expect(await number('select count(*) from plans where plan_id is not null')).toBeGreaterThan(0);
    expect(await number('select count(*) from plans p join plans base on base.id = p.plan_id where p.price <= base.price')).toBe(0);
  });

  it('assigns operators to DSPs and leaves the sequences after the explicit ids, so the API creates records as usual', async () => {
    expect(await number("select count(*) from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.slug = 'OPERATOR' and not exists (select 1 from dsp_users du where du.user_id = u.id)")).toBe(0);
    const token = await ctx.signIn();
    const created = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: bearer(token), payload: { name: 'Sponsor nuevo tras la carga', country_id: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await ctx.inject({ method: 'GET', url: '/api/v1/dsps/1/bookings?include=customer,plan,service', headers: bearer(token) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.total).toBe(await number('select count(*) from bookings where dsp_id = 1'));
  });
});
