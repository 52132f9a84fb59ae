import { bulkBody, bulkResult, type BulkResult } from '@contract/bulk';
import { http, type PathParams } from 'msw';
import { parseBody, jsonBody } from '../body';
import { answer, apiUrl } from '../envelope';
import type { MockModule } from '../resource';

/** A bulk call as the panel sent it: the list's path (without /bulk) and the body the contract read. */
export interface BulkCall {
  path: string;
  body: ReturnType<typeof bulkBody.parse>;
}

type Answer = (call: BulkCall) => Omit<BulkResult, 'batch_id'> & { batch_id?: string | null };

/** Every id done; a filter matches none (a test that sends one says what it matched). */
const everyIdDone: Answer = ({ body }) => ({ done: body.ids?.length ?? 0, skipped: [], failed: [] });

/** The bulk calls received and the answer to give; reset before each test. */
export const bulkDb = {
  calls: [] as BulkCall[],
  answer: everyIdDone,
  reset() {
    bulkDb.calls = [];
    bulkDb.answer = everyIdDone;
  },
};

/** The lists that act on many, by their GET path (the call adds /bulk). */
const BULK_PATHS = [
  'v1/dsps/:dspId/bookings',
  'v1/dsps/:dspId/entitlements',
  'v1/dsps',
  'v1/dsps/:dspId/connectors',
  'v1/dsps/:dspId/clients',
  'v1/sponsors',
  'v1/campaigns',
  'v1/categories',
  'v1/dsps/:dspId/customers',
  'v1/users',
];

const pathOf = (template: string, params: PathParams) => template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

/** `POST <list>/bulk`: the body checked with the contract's bulkBody, the answer with its bulkResult. */
export const mock: MockModule = {
  stores: [bulkDb],
  // Before the `:id` routes of the same lists (`v1/dsps/:id` would otherwise read 'bulk' as an id).
  first: true,
  handlers: BULK_PATHS.map((template) =>
    http.post(apiUrl(`${template}/bulk`), async ({ request, params }) => {
      const body = parseBody(bulkBody, await jsonBody(request));
      if (body instanceof Response) return body;
      const call = { path: pathOf(template, params), body };
      bulkDb.calls.push(call);
      const result = bulkDb.answer(call);
      return answer(bulkResult, { batch_id: result.done > 0 ? `batch-${bulkDb.calls.length}` : null, ...result });
    }),
  ),
};
