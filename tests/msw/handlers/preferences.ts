import { DEFAULT_PREFERENCES, knownColumns, preferencesBody, type ColumnTable, type Preferences } from '@contract/preferences';
import { http } from 'msw';
import { parseBody } from '../body';
import { apiUrl, ok } from '../envelope';
import type { MockModule } from '../resource';

/** The signed-in person's preferences, as the server keeps them; reset before each test. */
export const preferencesDb = {
  current: structuredClone(DEFAULT_PREFERENCES) as Preferences,
  /** Every body PUT /api/auth/me/preferences received, in order. */
  saves: [] as unknown[],
  reset() {
    preferencesDb.current = structuredClone(DEFAULT_PREFERENCES);
    preferencesDb.saves = [];
  },
};

/** GET and PUT /api/auth/me/preferences over `preferencesDb`, with the server's rules: a partial save keeps the rest, unknown ids drop. */
export const mock: MockModule = {
  stores: [preferencesDb],
  handlers: [
    http.get(apiUrl('auth/me/preferences'), () => ok(preferencesDb.current)),
    http.put(apiUrl('auth/me/preferences'), async ({ request }) => {
      const raw = await request.json();
      preferencesDb.saves.push(raw);
      const input = parseBody(preferencesBody, raw);
      if (input instanceof Response) return input;
      const columns = { ...preferencesDb.current.columns };
      for (const [table, ids] of Object.entries(input.columns ?? {}) as [ColumnTable, string[]][]) {
        const known = knownColumns(table, ids);
        if (known.length > 0) columns[table] = known;
        else delete columns[table];
      }
      preferencesDb.current = { color_scheme: input.color_scheme ?? preferencesDb.current.color_scheme, columns };
      return ok(preferencesDb.current);
    }),
  ],
};
