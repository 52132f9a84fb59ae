import type { Db } from '../../../server/db/client';
import { recordDriverCalls } from '../../../server/db/driver-calls';

/** How many statements `run` sends to the database, counted on the driver itself. */
export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  return (await recordDriverCalls(db, run)).calls.length;
}
