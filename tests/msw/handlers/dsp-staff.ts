import { DSP_MESSAGES, DSP_NOT_FOUND, dsp as dspSchema, dspStaffMember, dspUsersBody, type Dsp, type DspStaffMember } from '@contract/dsp';
import { DSP_STAFF_LIMIT, dspStaffAnswer } from '@contract/dsp.constants';
import { limitTooLargeMessage } from '@contract/list.constants';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, checked, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { issuesByField } from '../body';

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

const matches = (person: DspStaffMember, q: string) =>
  [person.name, person.email, person.dni ?? ''].some((text) => text.toLocaleLowerCase('es').includes(q.toLocaleLowerCase('es')));

/** Reads `{users:[ids]}` as the server does, else its 422. */
const usersOf = async (request: Request) => {
  const parsed = dspUsersBody.safeParse(await request.json().catch(() => ({})));
  return parsed.success ? { users: parsed.data.users } : { response: invalid(issuesByField(parsed.error)) };
};

/**
 * The staff picker's list and the assign (POST) / remove (PUT) of a DSP's staff over `dspStaffDb`.
 * Registered before any `v1/dsps/:id` handler, so `v1/dsps/staff` is never read as a DSP's id.
 */
export const dspStaffHandlers = [
  http.get(apiUrl('v1/dsps/staff'), ({ request }) => {
    const url = new URL(request.url);
    dspStaffDb.searches.push(url);
    if (Number(url.searchParams.get('limit') ?? DSP_STAFF_LIMIT) > DSP_STAFF_LIMIT) return fail(400, limitTooLargeMessage(DSP_STAFF_LIMIT));
    const q = (url.searchParams.get('q') ?? url.searchParams.get('filter[q]') ?? '').trim();
    const found = dspStaffDb.people.filter((person) => matches(person, q)).sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return listAnswer(dspStaffMember, found, url, DSP_STAFF_LIMIT);
  }),
  http.post(apiUrl('v1/dsps/:id/users'), async ({ request, params }) => {
    const dspId = Number(params.id);
    const body = await usersOf(request);
    dspStaffDb.requests.push({ method: 'assign', dspId, users: body.users });
    if (!dspStaffDb.dspIds.has(dspId)) return fail(404, DSP_NOT_FOUND);
    if (body.response) return body.response;
    const missing = body.users.filter((id) => !dspStaffDb.people.some((person) => person.id === id));
    if (missing.length > 0) return invalid({ users: [`${DSP_MESSAGES.usersMissing}: ${missing.join(', ')}.`] });
    dspStaffDb.assigned.set(dspId, [...new Set([...(dspStaffDb.assigned.get(dspId) ?? []), ...body.users])]);
    return answer(z.array(dspStaffMember), dspStaffDb.staffOf(dspId), dspStaffAnswer('assigned', body.users.length));
  }),
  http.put(apiUrl('v1/dsps/:id/users'), async ({ request, params }) => {
    const dspId = Number(params.id);
    const body = await usersOf(request);
    dspStaffDb.requests.push({ method: 'remove', dspId, users: body.users });
    if (!dspStaffDb.dspIds.has(dspId)) return fail(404, DSP_NOT_FOUND);
    if (body.response) return body.response;
    dspStaffDb.assigned.set(dspId, (dspStaffDb.assigned.get(dspId) ?? []).filter((id) => !body.users.includes(id)));
    return answer(z.array(dspStaffMember), dspStaffDb.staffOf(dspId), dspStaffAnswer('removed', body.users.length));
  }),
];
