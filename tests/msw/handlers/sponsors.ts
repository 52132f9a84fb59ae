import {
  SPONSOR_ANSWERS,
  SPONSOR_DEFAULT_SORT,
  SPONSOR_FIELDS,
  SPONSOR_INCLUDES,
  SPONSOR_MESSAGES,
  SPONSOR_NOT_FOUND,
  SPONSOR_PAGE_SIZE,
  SPONSOR_SORTS,
  sponsor as sponsorSchema,
  sponsorFields,
  sponsorUpdateFields,
  type Sponsor,
} from '@contract/sponsor';
import { http } from 'msw';
import { formBody, formFields, parseBody } from '../body';
import { answer, apiUrl, checked, fail } from '../envelope';
import { deletionHandlers, detailHandler, listHandler, merged, refusalOf, taken, type ListSpec } from '../resource';
import { campaignsDb } from './campaigns';
import { countryRef } from './countries';

let sequence = 0;

/** A sponsor as the API reads it (with its country). */
export const buildSponsor = (overrides: Partial<Sponsor> = {}): Sponsor => {
  sequence += 1;
  const countryId = overrides.country_id ?? 3;
  const website = overrides.website_url === undefined ? `https://sponsor${sequence}.example.com` : overrides.website_url;
  const stamp = new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString();
  return checked(
    sponsorSchema,
    {
      id: sequence,
      name: `Sponsor ${sequence}`,
      country_id: countryId,
      logo_url: null,
      created_at: stamp,
      updated_at: stamp,
      country: countryRef(countryId),
      ...overrides,
      website_url: website,
      website,
    } satisfies Sponsor,
    'El sponsor de prueba',
  );
};

/** What a create or update sent, as text (the logo as its file name). */
export type SponsorRequest = { method: 'create' | 'update'; id?: number; fields: Record<string, string> };

/** The sponsors the handlers answer with; a test seeds it and `reset()`s it in its beforeEach. */
export const sponsorsDb = {
  sponsors: [] as Sponsor[],
  requests: [] as SponsorRequest[],
  reset() {
    sponsorsDb.sponsors = [];
    sponsorsDb.requests = [];
    sequence = 0;
  },
  add(overrides: Partial<Sponsor> = {}) {
    const sponsor = buildSponsor(overrides);
    sponsorsDb.sponsors.push(sponsor);
    return sponsor;
  },
};

const spec: ListSpec<Sponsor> = {
  item: sponsorSchema,
  sorts: SPONSOR_SORTS,
  defaultSort: SPONSOR_DEFAULT_SORT,
  pageSize: SPONSOR_PAGE_SIZE,
  fields: SPONSOR_FIELDS,
  includes: SPONSOR_INCLUDES,
  search: (row) => [row.name],
};

const find = (id: number) => sponsorsDb.sponsors.find((row) => row.id === id);

/** The stored sponsor after a write the contract accepted. */
const written = (row: Sponsor, input: { name?: string; country_id?: number; website_url?: string | null }, fields: Record<string, string>): Sponsor => {
  const countryId = input.country_id ?? row.country_id;
  return merged(row, {
    ...input,
    country: countryRef(countryId),
    website: input.website_url,
    logo_url: fields.logo ? `/storage/sponsors/${row.id}-${fields.logo.slice(5)}` : undefined,
  });
};

const nameTaken = (name: string | undefined, self?: number) => taken(sponsorsDb.sponsors, 'name', name, SPONSOR_MESSAGES.nameTaken, self);

/** The sponsors API over `sponsorsDb`, bodies read by the contract's schemas. */
export const sponsorHandlers = [
  listHandler('v1/sponsors', spec, () => sponsorsDb.sponsors),
  detailHandler('v1/sponsors', spec, find, SPONSOR_NOT_FOUND),
  http.post(apiUrl('v1/sponsors'), async ({ request }) => {
    const fields = await formFields(request);
    sponsorsDb.requests.push({ method: 'create', fields });
    const input = parseBody(sponsorFields, formBody(fields));
    if (input instanceof Response) return input;
    const refused = nameTaken(input.name);
    if (refused) return refused;
    const sponsor = written(buildSponsor({ logo_url: null, website_url: null }), input, fields);
    sponsorsDb.sponsors.push(sponsor);
    return answer(sponsorSchema, sponsor, SPONSOR_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/sponsors/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const fields = await formFields(request);
    sponsorsDb.requests.push({ method: 'update', id, fields });
    const index = sponsorsDb.sponsors.findIndex((row) => row.id === id);
    if (index < 0) return fail(404, SPONSOR_NOT_FOUND);
    const input = parseBody(sponsorUpdateFields, formBody(fields));
    if (input instanceof Response) return input;
    const refused = nameTaken(input.name, id);
    if (refused) return refused;
    const sponsor = written(sponsorsDb.sponsors[index]!, input, fields);
    sponsorsDb.sponsors[index] = sponsor;
    return answer(sponsorSchema, sponsor, SPONSOR_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/sponsors',
    find,
    remove: (row) => (sponsorsDb.sponsors = sponsorsDb.sponsors.filter((other) => other !== row)),
    refusal: (row) => refusalOf(row, [{ count: (sponsor) => campaignsDb.campaigns.filter((campaign) => campaign.sponsor_id === sponsor.id).length, nouns: ['campaña', 'campañas'] }]),
    notFound: SPONSOR_NOT_FOUND,
    deleted: SPONSOR_ANSWERS.deleted,
  }),
];
