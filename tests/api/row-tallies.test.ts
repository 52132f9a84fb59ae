import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anyOf } from '../../server/db/any-of';
import { bookings, campaigns, countries, sponsors } from '../../server/db/schema';
import { compactRowTallies } from '../../server/db/tallies';
import { bearer } from './support/context';
import { onDemoData } from './support/demo-context';

// A list without filters over a large table takes its total from the rows the database tallies as
// it writes (row_tallies): these tests hold those totals to the rows counted.

const demo = onDemoData('row-tallies');

const page = async (url: string) => {
  const response = await demo.ctx.inject({ method: 'GET', url, headers: bearer(demo.token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data as { total: number; total_is_estimate: boolean; data: { id: number }[] };
};

const LISTS = [
  { url: '/api/v1/campaigns', table: 'campaigns' },
  { url: '/api/v1/plans', table: 'plans' },
  { url: '/api/v1/services', table: 'services' },
  { url: '/api/v1/users', table: 'users' },
];

async function rowsOf(table: string, where = ''): Promise<number> {
  const { rows } = (await demo.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table} ${where}`))) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

describe('totals from the tallies', () => {
  it('give each large list without filters its exact total after rows are added and removed many at once', async () => {
    const [colombia] = await demo.ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
    const [sponsor] = await demo.ctx.db.insert(sponsors).values({ name: 'Sponsor Recuento', countryId: colombia!.id }).returning({ id: sponsors.id });
    const added = await demo.ctx.db
      .insert(campaigns)
      .values(['A', 'B', 'C', 'D'].map((letter) => ({ name: `Recuento ${letter}`, sponsorId: sponsor!.id, countryId: colombia!.id })))
      .returning({ id: campaigns.id });
    await demo.ctx.db.delete(campaigns).where(anyOf(campaigns.id, added.slice(0, 3).map((row) => row.id)));
    await demo.ctx.createUser({ email: 'recuento@panel.test', roles: ['OPERATOR'] });
    for (const list of LISTS) {
      const answer = await page(list.url);
      expect(answer, list.url).toMatchObject({ total: await rowsOf(list.table), total_is_estimate: false });
    }
    // A filter still counts.
    expect((await page('/api/v1/campaigns?filter[q]=recuento')).total).toBe(1);
  });

  it('give a DSP its bookings exactly, in the list and the counters, as bookings are added, moved and removed', async () => {
    const perDsp = await demo.ctx.db.select({ dspId: bookings.dspId, total: count() }).from(bookings).groupBy(bookings.dspId).orderBy(bookings.dspId);
    expect(perDsp.length).toBeGreaterThan(1);
    const [first, second] = [perDsp[0]!, perDsp[1]!];
    const check = async () => {
      for (const { dspId } of [first, second]) {
        const counted = await rowsOf('bookings', `where dsp_id = ${dspId}`);
        expect((await page(`/api/v1/dsps/${dspId}/bookings`)).total, `DSP ${dspId}`).toBe(counted);
        expect((await page(`/api/v1/dsps/${dspId}/bookings/summary`)).total, `DSP ${dspId}`).toBe(counted);
      }
    };
    await check();
    // Two of the first DSP's bookings move to the second (a DSP is never changed by the API; the
    // database counts it anyway), then one of the second's goes with its history.
    const moving = await demo.ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.dspId, first.dspId)).limit(2);
    await demo.ctx.db.update(bookings).set({ dspId: second.dspId }).where(anyOf(bookings.id, moving.map((row) => row.id)));
    await check();
    await demo.ctx.db.execute(sql`delete from booking_status_histories where booking_id = ${moving[0]!.id}`);
    await demo.ctx.db.delete(bookings).where(eq(bookings.id, moving[0]!.id));
    await check();
    // Folded, the same.
    await compactRowTallies(demo.ctx.db);
    expect(await rowsOf('row_tallies', 'where not folded')).toBe(0);
    await check();
    // A filtered list counts its rows.
    expect((await page(`/api/v1/dsps/${first.dspId}/bookings?filter[status]=PENDING`)).total).toBe(await rowsOf('bookings', `where dsp_id = ${first.dspId} and status = 'PENDING'`));
  });

  it('read a page past the middle from the end: the same rows as the plain query', async () => {
    for (let index = 0; index < 12; index += 1) await demo.ctx.createUser({ email: `pagina${index}@panel.test`, roles: ['OPERATOR'] });
    const total = await rowsOf('users');
    const limit = 3;
    const last = Math.ceil(total / limit);
    for (const number of new Set([1, 2, Math.ceil(last / 2) + 1, last - 1, last, last + 1])) {
      const { rows } = (await demo.ctx.db.execute(
        sql`select id from users order by created_at desc, id desc limit ${limit} offset ${(number - 1) * limit}`,
      )) as unknown as { rows: { id: number }[] };
      const answer = await page(`/api/v1/users?limit=${limit}&page=${number}&sort=-created_at`);
      expect(answer.data.map((row) => row.id), `page ${number}`).toEqual(rows.map((row) => row.id));
    }
  });

  it('start again from nothing when a table is emptied at once', async () => {
    const [busiest] = await demo.ctx.db.select({ dspId: bookings.dspId }).from(bookings).groupBy(bookings.dspId).orderBy(sql`count(*) desc`).limit(1);
    await demo.ctx.db.execute(sql`truncate table booking_status_histories, bookings`);
    expect(await rowsOf('row_tallies', `where relation = 'bookings'`)).toBe(0);
    expect((await page(`/api/v1/dsps/${busiest!.dspId}/bookings/summary`)).total).toBe(0);
  });
});
