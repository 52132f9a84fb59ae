import { DSP_NOT_FOUND, dsp as dspSchema, dspStaffMember, dspUsersBody, type Dsp, type DspStaffMember } from '@contract/dsp';
import { DSP_STAFF_DEFAULT_SORT, DSP_STAFF_FIELDS, DSP_STAFF_LIMIT, DSP_STAFF_PAGE_SIZE, DSP_STAFF_SORTS, dspStaffAnswer } from '@contract/dsp.constants';
import { http, type PathParams } from 'msw';
import { z } from 'zod';
import { jsonBody, parseBody } from '../body';
import { answer, apiUrl, checked, fail } from '../envelope';
import { listHandler, type ListSpec, type MockModule } from '../resource';
import { dspsDb } from './dsps';

let sequence = 0;

/** A person the staff picker offers (active staff), as the API reads them. */
export const buildStaffMember = (overrides: Partial<DspStaffMember> = {}): DspStaffMember => {
  sequence += 1;
  return checked(
    dspStaffMember,
    { id: 100 + sequence, name: `Persona ${sequence}`, email: `persona${sequence}@example.com`, dni: `${10_000_000 + sequence}`, rol: ['Operator'], ...overrides },
    'La persona de prueba',
  );
};

/**
 * A DSP as the configuration modal hands it to its tabs (its detail with every include), its staff
 * read from `dspStaffDb`. The tabs' tests answer `GET v1/dsps/:id` with it through `server.use`.
 */
export const configuredDsp = (overrides: Partial<Dsp> = {}): Dsp => {
  const id = overrides.id ?? 1;
  dspStaffDb.dspIds.add(id);
  return checked(
    dspSchema,
    {
      id,
      name: 'Tienda Norte',
      type: 'SALE',
      country_id: 3,
      sponsor_id: 1,
      website_url: null,
      address: null,
      phone_primary: null,
      phone_secondary: null,
      email_primary: null,
      settings: {},
      enabled: true,
      image_url: null,
      image_path: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      version: 1,
      sponsor: { id: 1, name: 'Sponsor 1' },
      country: { id: 3, name: 'Colombia' },
      plans: [],
      users: dspStaffDb.staffOf(id),
      ...overrides,
    },
    'La DSP de prueba',
  );
};

export type DspStaffRequest = { method: 'assign' | 'remove'; dspId: number; users: unknown };

/** The staff that can be assigned, who is assigned to which DSP, and what the handlers were asked. */
export const dspStaffDb = {
  people: [] as DspStaffMember[],
  /** DSP id → the ids of its staff. */
  assigned: new Map<number, number[]>(),
  /** The DSPs that exist (a change to another is a 404). */
  dspIds: new Set<number>(),
  /** Every `GET v1/dsps/staff`, as sent. */
  searches: [] as URL[],
  requests: [] as DspStaffRequest[],
  reset() {
    dspStaffDb.people = [];
    dspStaffDb.assigned = new Map();
    dspStaffDb.dspIds = new Set();
    dspStaffDb.searches = [];
    dspStaffDb.requests = [];
    sequence = 0;
  },
  add(overrides: Partial<DspStaffMember> = {}) {
    const person = buildStaffMember(overrides);
    dspStaffDb.people.push(person);
    return person;
  },
  /** A DSP's staff as `include=users` reads it. */
  staffOf(dspId: number) {
    const ids = dspStaffDb.assigned.get(dspId) ?? [];
    return dspStaffDb.people.filter((person) => ids.includes(person.id)).sort((a, b) => a.name.localeCompare(b.name, 'es'));
  },
};

/** Every `GET v1/dsps/:id/users` of the Usuarios tab, as sent. */
export const dspStaffListDb = {
  requests: [] as URL[],
  reset() {
    dspStaffListDb.requests = [];
  },
};

const search = (person: DspStaffMember) => [person.name, person.email, person.dni];
/** The staff picker: every active person, a page of the most the route answers. */
const pickerSpec: ListSpec<DspStaffMember> = { item: dspStaffMember, sorts: DSP_STAFF_SORTS, defaultSort: DSP_STAFF_DEFAULT_SORT, pageSize: DSP_STAFF_LIMIT, maxLimit: DSP_STAFF_LIMIT, fields: DSP_STAFF_FIELDS, search };
/** A DSP's staff (the Usuarios tab). */
const staffSpec: ListSpec<DspStaffMember> = { ...pickerSpec, pageSize: DSP_STAFF_PAGE_SIZE };

/** Records each request in `log` and passes it on to the next handler of its path (a handler that returns nothing does). */
const recorded = (path: string, log: () => URL[]) =>
  http.get(apiUrl(path), ({ request }) => {
    log().push(new URL(request.url));
  });

/** A change of a DSP's staff: the contract's body, on a DSP that exists. */
const staffChange = (method: DspStaffRequest['method'], change: (ids: number[], users: number[]) => number[]) =>
  async ({ request, params }: { request: Request; params: PathParams<string> }) => {
    const dspId = Number(params.id);
    const body = await jsonBody(request);
    dspStaffDb.requests.push({ method, dspId, users: body.users });
    if (!dspStaffDb.dspIds.has(dspId)) return fail(404, DSP_NOT_FOUND);
    const input = parseBody(dspUsersBody, body);
    if (input instanceof Response) return input;
    dspStaffDb.assigned.set(dspId, change(dspStaffDb.assigned.get(dspId) ?? [], input.users));
    return answer(z.array(dspStaffMember), dspStaffDb.staffOf(dspId), dspStaffAnswer(method === 'assign' ? 'assigned' : 'removed', input.users.length));
  };

/**
 * The staff picker, a DSP's staff, and the assign (POST) / remove (PUT) of a DSP's staff over
 * `dspStaffDb`. Registered first, so `v1/dsps/staff` is never read as a DSP's id.
 */
export const mock: MockModule = {
  first: true,
  stores: [dspStaffDb, dspStaffListDb],
  handlers: [
    recorded('v1/dsps/staff', () => dspStaffDb.searches),
    listHandler('v1/dsps/staff', pickerSpec, () => dspStaffDb.people),
    recorded('v1/dsps/:id/users', () => dspStaffListDb.requests),
    listHandler('v1/dsps/:id/users', staffSpec, ({ id }) => {
      const dspId = Number(id);
      const known = dspStaffDb.dspIds.has(dspId) || dspsDb.dsps.some((dsp) => dsp.id === dspId);
      return known ? dspStaffDb.staffOf(dspId) : fail(404, DSP_NOT_FOUND);
    }),
    http.post(apiUrl('v1/dsps/:id/users'), staffChange('assign', (ids, users) => [...new Set([...ids, ...users])])),
    http.put(apiUrl('v1/dsps/:id/users'), staffChange('remove', (ids, users) => ids.filter((id) => !users.includes(id)))),
  ],
};
