/**
 * The tallies the database keeps of sales and of rows (migrations 0019, 0020 and 0023): every write adds
 * its differences as rows of their own, and these read and fold them.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { rowTallies } from './schema';

/**
 * Folds each key's rows of `sales_tallies` into one (a key whose sales all went, into none). One
 * statement deletes the rows of every key that has a write's difference and adds back their sums,
 * folded: it adds exactly what it deleted, so a sale written meanwhile (a row it does not see) keeps
 * its own row, and two foldings at once leave the sums as they were (the second skips the rows the
 * first deleted).
 */
export async function compactSalesTallies(conn: Db | Tx): Promise<void> {
  await conn.execute(sql`
    with "gone" as (
      delete from "sales_tallies" t
      using (select distinct "dsp_id", "status", "payment_method", "currency" from "sales_tallies" where not "folded") k
      where t."dsp_id" = k."dsp_id" and t."status" = k."status" and t."payment_method" is not distinct from k."payment_method"
        and t."currency" is not distinct from k."currency"
      returning t."dsp_id", t."status", t."payment_method", t."currency", t."sales", t."amount"
    )
    insert into "sales_tallies" ("dsp_id", "status", "payment_method", "currency", "sales", "amount", "folded")
    select "dsp_id", "status", "payment_method", "currency", sum("sales"), sum("amount"), true from "gone"
    group by 1, 2, 3, 4
    having sum("sales") <> 0 or sum("amount") <> 0`);
}

/** Past this many rows of writes' differences, reading a tally folds each key's rows into one (a write adds one). */
export const TALLY_ROWS_BEFORE_FOLDING = 500;

/** Folds each key's rows of `row_tallies` into one, as `compactSalesTallies` does. */
export async function compactRowTallies(conn: Db | Tx): Promise<void> {
  await conn.execute(sql`
    with "gone" as (
      delete from "row_tallies" t
      using (select distinct "relation", "dsp_id" from "row_tallies" where not "folded") k
      where t."relation" = k."relation" and t."dsp_id" is not distinct from k."dsp_id"
      returning t."relation", t."dsp_id", t."rows"
    )
    insert into "row_tallies" ("relation", "dsp_id", "rows", "folded")
    select "relation", "dsp_id", sum("rows"), true from "gone"
    group by 1, 2
    having sum("rows") <> 0`);
}

/**
 * How many rows `relation` holds (those of one DSP, for a table counted per DSP), from its tallies:
 * exact, and a few rows to read however large the table.
 */
export async function talliedRows(db: Db, relation: string, dspId?: number): Promise<number> {
  const [tally] = await db
    .select({ rows: sql<string>`coalesce(sum(${rowTallies.rows}), 0)::bigint::text`, unfolded: sql<number>`count(*) filter (where not ${rowTallies.folded})::int` })
    .from(rowTallies)
    .where(and(eq(rowTallies.relation, relation), dspId === undefined ? isNull(rowTallies.dspId) : eq(rowTallies.dspId, dspId)));
  if (tally && tally.unfolded > TALLY_ROWS_BEFORE_FOLDING) await compactRowTallies(db);
  return Number(tally?.rows ?? 0);
}
