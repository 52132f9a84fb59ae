import { EXACT_TOTAL_LIMIT } from '@contract/list.constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
let token: string;
/** Past the exact count by a few pages' worth. */
const SPONSORS = EXACT_TOTAL_LIMIT + 40;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
  // Every 200th sponsor is a 'Banco': 51 of them, a search well under the exact count.
  await ctx.db.execute(sql`
    insert into sponsors (name, country_id)
    select case when n % 200 = 0 then 'Banco ' else 'Aseguradora ' end || lpad(n::text, 5, '0'), (select min(id) from countries)
    from generate_series(1, ${SPONSORS}) as n`);
  await ctx.db.execute(sql`analyze sponsors`);
});
afterAll(() => ctx?.close());

const list = async (query: string) => {
  const response = await ctx.inject({ method: 'GET', url: `/api/v1/sponsors?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: { name: string }[]; total: number; total_is_estimate: boolean; last_page: number; next_page_url: string | null };
};

describe('a list past the exact count', () => {
  it('answers an estimated total, flagged, and pages on by the rows themselves', async () => {
    const first = await list('limit=100');
    expect(first.total_is_estimate).toBe(true);
    expect(first.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // The planner's estimate, not a count: within a tenth of the truth once the table is analysed.
    expect(Math.abs(first.total - SPONSORS)).toBeLessThan(SPONSORS / 10);
    expect(first.next_page_url).toContain('page=2');

    // The real last page: its rows end it, whatever the estimate said.
    const lastPage = Math.ceil(SPONSORS / 100);
    const last = await list(`limit=100&page=${lastPage}`);
    expect(last.data).toHaveLength(SPONSORS % 100 || 100);
    expect(last.last_page).toBe(lastPage);
    expect(last.next_page_url).toBeNull();
  });

  it('estimates a search past the limit too, and pages it as the plain query does', async () => {
    // Every sponsor's name holds an 'o' (Banco, Aseguradora): a search that keeps them all.
    const matching = `filter[q]=o&sort=-name&limit=100`;
    const first = await list(matching);
    expect(first.total_is_estimate).toBe(true);
    expect(first.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);

    // The matches past the limit are not all kept, so the page comes from the sort's index: the
    // same rows, in the same order, as the plain query, on the first page, a deep one and the last.
    const lastPage = Math.ceil(SPONSORS / 100);
    for (const page of [1, 80, lastPage]) {
      const { rows } = (await ctx.db.execute(
        sql`select name from sponsors where name_folded like '%o%' order by name_folded desc, id desc limit 100 offset ${(page - 1) * 100}`,
      )) as unknown as { rows: { name: string }[] };
      const answered = await list(`${matching}&page=${page}`);
      expect(answered.data.map((sponsor) => sponsor.name), `page ${page}`).toEqual(rows.map((row) => row.name));
    }
  });

  it('counts exactly once a filter brings the list under the limit', async () => {
    const banks = await list('filter[q]=banco&limit=10');
    expect(banks).toMatchObject({ total: Math.floor(SPONSORS / 200), total_is_estimate: false, last_page: Math.ceil(Math.floor(SPONSORS / 200) / 10) });
    expect(banks.data.every((sponsor) => sponsor.name.startsWith('Banco'))).toBe(true);
  });
});
