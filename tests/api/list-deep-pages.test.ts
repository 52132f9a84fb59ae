/**
 * A list's page is the page of the plain query (`order by … , id limit … offset …`) whatever the way
 * the server reads it (ids first, then the page's rows): same rows, same order, ties broken by id in
 * the direction of the first sort term, on every page including the last and past it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
let token: string;
const PEOPLE = 230;
const LIMIT = 17;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn();
  // Four names (two of them equal once case and accents are folded) and three moments: every sort meets ties.
  await ctx.db.execute(sql`
    insert into users (name, email, dni, password_hash, is_active, created_at, updated_at)
    select (array['Ángela Ruiz', 'angela ruiz', 'Bruno Díaz', 'Carla Gómez'])[1 + n % 4], 'persona' || n || '@escala.test', 'D' || n, 'x', n % 3 <> 0,
           timestamptz '2026-01-01' + (n % 3) * interval '1 day', now()
    from generate_series(1, ${PEOPLE}) as n`);
  await ctx.db.execute(sql`analyze users`);
});
afterAll(() => ctx?.close());

/** The ids of the page as the plain query orders and cuts them. */
async function plainPage(orderBy: string, where: string, page: number) {
  const { rows } = (await ctx.db.execute(
    sql.raw(`select id from users ${where} order by ${orderBy} limit ${LIMIT} offset ${(page - 1) * LIMIT}`),
  )) as unknown as { rows: { id: number }[] };
  return rows.map((row) => row.id);
}

const FOLDED_NAME = `lower(translate(name, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))`;

const SORTS: [sort: string, orderBy: string][] = [
  ['-created_at', 'created_at desc, id desc'],
  ['created_at', 'created_at asc, id asc'],
  ['name', `${FOLDED_NAME} asc, id asc`],
  ['-name', `${FOLDED_NAME} desc, id desc`],
  ['name,-created_at', `${FOLDED_NAME} asc, created_at desc, id asc`],
];

describe('a deep page of a list', () => {
  it.each(SORTS)('sort=%s: every page holds the plain query’s rows in its order', async (sort, orderBy) => {
    for (const [filter, where] of [
      ['', ''],
      ['&filter[is_active]=1', 'where is_active'],
      // A search: its matches are found once, and the page is cut from them.
      ['&filter[q]=angela', `where ${FOLDED_NAME} like '%angela%'`],
    ] as const) {
      const first = await ctx.inject({ method: 'GET', url: `/api/v1/users?sort=${sort}&limit=${LIMIT}${filter}`, headers: bearer(token) });
      const lastPage = first.json().data.last_page as number;
      expect(lastPage).toBeGreaterThan(5);
      for (const page of [1, 2, Math.ceil(lastPage * 0.8), lastPage, lastPage + 1]) {
        const response = await ctx.inject({ method: 'GET', url: `/api/v1/users?sort=${sort}&limit=${LIMIT}&page=${page}${filter}`, headers: bearer(token) });
        expect(response.statusCode, response.body).toBe(200);
        const ids = (response.json().data.data as { id: number }[]).map((row) => row.id);
        expect(ids, `page ${page}${filter}`).toEqual(await plainPage(orderBy, where, page));
      }
    }
  });
});
