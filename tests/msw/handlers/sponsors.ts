import {
  SPONSOR_ANSWERS,
  SPONSOR_DEFAULT_SORT,
  SPONSOR_FIELDS,
  SPONSOR_INCLUDES,
  SPONSOR_NOT_FOUND,
  SPONSOR_PAGE_SIZE,
  SPONSOR_SORTS,
  sponsor as sponsorSchema,
  sponsorFields,
  sponsorUpdateFields,
  type Sponsor,
} from '@contract/sponsor';
import { checked } from '../envelope';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
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
      version: 1,
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

/** The stored sponsor after a write the contract accepted. */
const written = (row: Sponsor, input: { name?: string; country_id?: number; website_url?: string | null }, fields: Record<string, string>): Sponsor =>
  merged(row, {
    ...input,
    country: countryRef(input.country_id ?? row.country_id),
    website: input.website_url,
    logo_url: fields.logo ? `/storage/sponsors/${row.id}-${fields.logo.slice(5)}` : undefined,
  });

/** The sponsors API over `sponsorsDb`, bodies read by the contract's schemas; the logo stored under its file's name. */
export const mock: MockModule = {
  stores: [sponsorsDb],
  handlers: resourceHandlers({
    path: 'v1/sponsors',
    spec,
    rows: arrayRows(sponsorsDb, 'sponsors'),
    notFound: SPONSOR_NOT_FOUND,
    log: ({ method, id, fields }) => sponsorsDb.requests.push({ method, id, fields }),
    create: { schema: sponsorFields, message: SPONSOR_ANSWERS.created, row: (input, sent) => written(buildSponsor({ logo_url: null, website_url: null }), input, sent.fields) },
    update: { schema: sponsorUpdateFields, message: SPONSOR_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent.fields) },
    deletion: {
      refusal: (row) => refusalOf(row, [{ count: (sponsor) => campaignsDb.campaigns.filter((campaign) => campaign.sponsor_id === sponsor.id).length, nouns: ['campaña', 'campañas'] }]),
      deleted: SPONSOR_ANSWERS.deleted,
    },
  }),
};
