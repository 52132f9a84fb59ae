import { SPONSOR_ANSWERS, SPONSOR_DEFAULT_SORT, SPONSOR_MESSAGES, SPONSOR_NOT_FOUND, SPONSOR_PAGE_SIZE, sponsor as sponsorSchema, type Sponsor } from '@contract/sponsor';
import { websiteHref } from '@contract/website';
import { http } from 'msw';
import { z } from 'zod';
import { cannotDelete } from '@contract/messages';
import { answer, apiUrl, checked, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { countryFixtures } from './countries';
import { campaignsDb } from './campaigns';
import { fold } from '../fold';

let sequence = 0;

const countryRef = (id: number) => {
  const country = countryFixtures.find((candidate) => candidate.id === id);
  return country ? { id: country.id, name: country.name } : undefined;
};

/** A sponsor as the API reads it (with its country). */
export const buildSponsor = (overrides: Partial<Sponsor> = {}): Sponsor => {
  sequence += 1;
  const countryId = overrides.country_id ?? 3;
  const website = overrides.website_url === undefined ? `https://sponsor${sequence}.example.com` : overrides.website_url;
  return checked(sponsorSchema, {
    id: sequence,
    name: `Sponsor ${sequence}`,
    country_id: countryId,
    logo_url: null,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    updated_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    country: countryRef(countryId),
    ...overrides,
    website_url: website,
    website,
  }, 'El sponsor de prueba');
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

const formFields = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

/** The server's checks, with the contract's Spanish messages. */
const validate = (fields: Record<string, string>, partial: boolean) => {
  const errors: Record<string, string[]> = {};
  if ((!partial || 'name' in fields) && !fields.name?.trim()) errors.name = [SPONSOR_MESSAGES.nameRequired];
  if ((!partial || 'country_id' in fields) && !fields.country_id) errors.country_id = [SPONSOR_MESSAGES.countryRequired];
  if (fields.website_url && !websiteHref(fields.website_url)) errors.website_url = [SPONSOR_MESSAGES.website];
  return Object.keys(errors).length > 0 ? invalid(errors) : null;
};

const apply = (sponsor: Sponsor, fields: Record<string, string>): Sponsor => {
  const countryId = fields.country_id ? Number(fields.country_id) : sponsor.country_id;
  const website = 'website_url' in fields ? websiteHref(fields.website_url) : sponsor.website_url;
  return {
    ...sponsor,
    name: fields.name?.trim() ?? sponsor.name,
    country_id: countryId,
    country: countryRef(countryId),
    website_url: website,
    website,
    logo_url: fields.logo ? `/storage/sponsors/${sponsor.id}-${fields.logo.slice(5)}` : sponsor.logo_url,
  };
};

/** Why a sponsor cannot be deleted (its campaigns), in the server's words, or null. */
const deleteRefusal = (id: number) => {
  const campaigns = campaignsDb.campaigns.filter((campaign) => campaign.sponsor_id === id).length;
  return campaigns > 0 ? cannotDelete(campaigns, 'campaña', 'campañas') : null;
};

/** The sponsors API over `sponsorsDb`: q and country_id filters, name sort, include country, the contract's page size. */
export const sponsorHandlers = [
  http.get(apiUrl('v1/sponsors'), ({ request }) => {
    const url = new URL(request.url);
    const q = fold(url.searchParams.get('filter[q]'));
    const country = url.searchParams.get('filter[country_id]');
    const sort = url.searchParams.get('sort') ?? SPONSOR_DEFAULT_SORT;
    const withCountry = url.searchParams.get('include')?.split(',').includes('country');
    const found = sponsorsDb.sponsors
      .filter((sponsor) => !q || fold(sponsor.name).includes(q))
      .filter((sponsor) => !country || sponsor.country_id === Number(country))
      .sort((a, b) => a.name.localeCompare(b.name, 'es') * (sort === `-${SPONSOR_DEFAULT_SORT}` ? -1 : 1))
      .map(({ country: ref, ...sponsor }) => (withCountry ? { ...sponsor, country: ref } : sponsor));
    return listAnswer(sponsorSchema, found, url, SPONSOR_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/sponsors/:id'), ({ params }) => {
    const sponsor = sponsorsDb.sponsors.find((candidate) => candidate.id === Number(params.id));
    return sponsor ? answer(sponsorSchema, sponsor) : fail(404, SPONSOR_NOT_FOUND);
  }),
  http.post(apiUrl('v1/sponsors'), async ({ request }) => {
    const fields = await formFields(request);
    sponsorsDb.requests.push({ method: 'create', fields });
    const refused = validate(fields, false);
    if (refused) return refused;
    const sponsor = apply(buildSponsor({ logo_url: null }), fields);
    sponsorsDb.sponsors.push(sponsor);
    return answer(sponsorSchema, sponsor, SPONSOR_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/sponsors/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    sponsorsDb.requests.push({ method: 'update', id: Number(params.id), fields });
    const index = sponsorsDb.sponsors.findIndex((candidate) => candidate.id === Number(params.id));
    if (index < 0) return fail(404, SPONSOR_NOT_FOUND);
    const refused = validate(fields, true);
    if (refused) return refused;
    const sponsor = apply(sponsorsDb.sponsors[index]!, fields);
    sponsorsDb.sponsors[index] = sponsor;
    return answer(sponsorSchema, sponsor, SPONSOR_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/sponsors/:id/deletion'), ({ params }) => {
    const id = Number(params.id);
    if (!sponsorsDb.sponsors.some((sponsor) => sponsor.id === id)) return fail(404, SPONSOR_NOT_FOUND);
    return deletionAnswer(deleteRefusal(id));
  }),
  http.delete(apiUrl('v1/sponsors/:id'), ({ params }) => {
    const id = Number(params.id);
    if (!sponsorsDb.sponsors.some((sponsor) => sponsor.id === id)) return fail(404, SPONSOR_NOT_FOUND);
    const refusal = deleteRefusal(id);
    if (refusal) return fail(409, refusal);
    sponsorsDb.sponsors = sponsorsDb.sponsors.filter((sponsor) => sponsor.id !== id);
    return answer(z.null(), null, SPONSOR_ANSWERS.deleted);
  }),
];
