import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** CPU time, in milliseconds, each side of a load spent. `database` and `generator` are null where they cannot be read. */
export interface CpuSpent {
  api: number;
  database: number | null;
  generator: number | null;
}

/** A process's user and system CPU in clock ticks (1/100 s) from /proc, or null when it is not there to read. */
async function ticksOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Ticks by pid of those that can be read; null when none can (a server on another machine, no
 * /proc). A process that ended between being listed and being read is left out.
 */
async function ticksByPid(pids: number[]): Promise<Map<number, number> | null> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const read = await ticksOf(pid);
    if (read !== null) ticks.set(pid, read);
  }
  return ticks.size > 0 || pids.length === 0 ? ticks : null;
}

/** Ticks spent between two readings, in ms; a pid first seen in the second counts from zero (a connection opened meanwhile). */
const spentMs = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0) * 10;

/**
 * Measures what a load costs the machine: this process's CPU (the API, when it runs here), the
 * CPU of the PostgreSQL backends serving this database (read from /proc: a server on this
 * machine; null on PGlite, whose work is this process's own or its thread's) and that of the load
 * generators' processes. The figure that decides how many requests two cores can serve, whatever
 * else the machine is doing: latencies follow the load, CPU per request does not.
 */
export function cpuMeter(db: Db, onServer: boolean, generatorPids: () => number[]) {
  const backends = async () => {
    if (!onServer) return null;
    const { rows } = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] };
    return ticksByPid(rows.map((row) => row.pid));
  };
  /** `apiPid`: the API runs in that process of its own instead of this one. */
  return async function start(apiPid: number | null = null): Promise<() => Promise<CpuSpent>> {
    const apiCpu = async () => {
      if (apiPid !== null) return ((await ticksOf(apiPid)) ?? NaN) * 10;
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const [database, generator, api] = [await backends(), await ticksByPid(generatorPids()), await apiCpu()];
    return async () => {
      const apiAfter = await apiCpu();
      const [databaseAfter, generatorAfter] = [await backends(), await ticksByPid(generatorPids())];
      return {
        api: apiAfter - api,
        database: database && databaseAfter ? spentMs(database, databaseAfter) : null,
        generator: generator && generatorAfter ? spentMs(generator, generatorAfter) : null,
      };
    };
  };
}
