import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

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
      using (select distinct "dsp_id", "status", "payment_method" from "sales_tallies" where not "folded") k
      where t."dsp_id" = k."dsp_id" and t."status" = k."status" and t."payment_method" is not distinct from k."payment_method"
      returning t."dsp_id", t."status", t."payment_method", t."sales", t."amount"
    )
    insert into "sales_tallies" ("dsp_id", "status", "payment_method", "sales", "amount", "folded")
    select "dsp_id", "status", "payment_method", sum("sales"), sum("amount"), true from "gone"
    group by 1, 2, 3
    having sum("sales") <> 0 or sum("amount") <> 0`);
}
