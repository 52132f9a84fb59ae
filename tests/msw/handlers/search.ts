import { SEARCH_TYPES, searchQuery, searchResult, type SearchResult } from '@contract/search';
import { http } from 'msw';
import { z } from 'zod';
import { parseBody } from '../body';
import { answer, apiUrl, checked } from '../envelope';
import { fold } from '../fold';
import type { MockModule } from '../resource';

/**
 * What the global search can find; a test seeds it and the setup `reset()`s it. The permission and
 * DSP scope are the server's (tested in tests/api): here every seeded record is the caller's to see.
 */
export const searchDb = {
  records: [] as SearchResult[],
  /** The `q` of every search asked, in order. */
  queries: [] as string[],
  reset() {
    searchDb.records = [];
    searchDb.queries = [];
  },
  add(record: SearchResult) {
    searchDb.records.push(checked(searchResult, record, 'El resultado de prueba'));
    return record;
  },
};

/**
 * `GET v1/search`: `q` and `limit` read by the contract's schema (a 422 as the server's), the records
 * whose title or subtitle hold `q` ignoring case and accents, by kind in the contract's order.
 */
export const mock: MockModule = {
  stores: [searchDb],
  handlers: [
    http.get(apiUrl('v1/search'), ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      const input = parseBody(searchQuery, params);
      if (input instanceof Response) return input;
      searchDb.queries.push(input.q);
      const wanted = fold(input.q);
      const found = searchDb.records
        .filter((record) => fold(record.title).includes(wanted) || fold(record.subtitle).includes(wanted))
        .sort((a, b) => SEARCH_TYPES.indexOf(a.type) - SEARCH_TYPES.indexOf(b.type))
        .slice(0, input.limit);
      return answer(z.array(searchResult), found);
    }),
  ],
};
