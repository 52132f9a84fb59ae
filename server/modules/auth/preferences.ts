import { COLUMN_TABLES, DEFAULT_PREFERENCES, knownColumns, type ColorScheme, type Preferences, type PreferencesBody } from '@contract/preferences';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema';

type Row = typeof userPreferences.$inferSelect;

const answerOf = (row: Pick<Row, 'colorScheme' | 'columns'> | undefined): Preferences =>
  row ? { color_scheme: row.colorScheme as ColorScheme, columns: row.columns } : DEFAULT_PREFERENCES;

/**
 * Each person's theme and columns. Not in the change history: they change how the panel looks to
 * that person only, and a history entry per column moved would bury the records' own changes.
 */
export function createPreferences(db: Db) {
  return {
    async of(userId: number): Promise<Preferences> {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      return answerOf(row);
    },

    /** What is sent replaces what was kept, table by table; the rest stays. One statement, so two tabs saving at once both count. */
    async update(userId: number, body: PreferencesBody): Promise<Preferences> {
      const chosen: Record<string, string[]> = {};
      const reset: string[] = [];
      for (const table of COLUMN_TABLES) {
        const ids = body.columns?.[table];
        if (ids === undefined) continue;
        const known = knownColumns(table, ids);
        if (known.length > 0) chosen[table] = known;
        else reset.push(table);
      }
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, colorScheme: body.color_scheme ?? DEFAULT_PREFERENCES.color_scheme, columns: chosen })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: {
            ...(body.color_scheme ? { colorScheme: body.color_scheme } : {}),
            // jsonb's || replaces the tables sent and keeps the others; - drops those sent back to their
            // default (table names from COLUMN_TABLES, so the array literal holds nothing else).
            columns: sql`(${userPreferences.columns} || ${JSON.stringify(chosen)}::jsonb) - ${`{${reset.join(',')}}`}::text[]`,
          },
        })
        .returning({ colorScheme: userPreferences.colorScheme, columns: userPreferences.columns });
      return answerOf(row);
    },
  };
}
