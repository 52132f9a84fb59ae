import {
  CAMPAIGN_ANSWERS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_PAGE_SIZE,
  campaign as campaignSchema,
  campaignPlan,
  type Campaign,
  type CampaignPlan,
} from '@contract/campaign';
import { service as serviceSchema, type Service } from '@contract/service';
import { http } from 'msw';
import { z } from 'zod';
import { cannotDelete } from '@contract/messages';
import { answer, apiUrl, checked, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { countryFixtures } from './countries';
import { sponsorsDb } from './sponsors';
import { fold } from '../fold';

let sequence = 0;

const countryRef = (id: number) => {
  const country = countryFixtures.find((candidate) => candidate.id === id);
  return country ? { id: country.id, name: country.name } : undefined;
};

const sponsorRef = (id: number) => {
  const found = sponsorsDb.sponsors.find((sponsor) => sponsor.id === id);
  if (!found) return undefined;
  const { country: _country, ...sponsor } = found;
  return sponsor;
};

/** A campaign as the API reads it, with sponsor, country, plans and categories. */
export const buildCampaign = (overrides: Partial<Campaign> = {}): Campaign => {
  sequence += 1;
  const sponsorId = overrides.sponsor_id ?? 1;
  const countryId = overrides.country_id ?? 3;
  const start = overrides.start_date === undefined ? '2025-03-01' : overrides.start_date;
  const end = overrides.end_date === undefined ? '2025-12-31' : overrides.end_date;
  return checked(campaignSchema, {
    id: sequence + 500,
    name: `Campaña ${sequence}`,
    description: `Descripción de la campaña ${sequence}`,
    status: 'ACTIVE',
    sponsor_id: sponsorId,
    country_id: countryId,
    image_url: null,
    budget: 1_000_000,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    updated_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    sponsor: sponsorRef(sponsorId),
    country: countryRef(countryId),
    plans: [],
    categories: [],
    ...overrides,
    start_date: start,
    end_date: end,
    startDate: start,
    endDate: end,
  }, 'La campaña de prueba');
};

/** A plan as `include=plans` shows it. */
export const buildPlan = (overrides: Partial<CampaignPlan> = {}): CampaignPlan =>
  checked(campaignPlan, {
    id: 900 + sequence++,
    campaign_id: 0,
    name: 'Plan Básico',
    description: null,
    price: 19900,
    status: 'ACTIVE',
    image_url: null,
    document_url: null,
    pdf_url: null,
    inclusions: null,
    exclusions: null,
    commitment_months: 1,
    trial_days: null,
    auto_renew: false,
    meta: null,
    apolo_code_ref: null,
    plan_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    services: [],
    parent: null,
    ...overrides,
    },
    'El plan de prueba',
  );

/** A service as `include=plans.services` shows it. */
export const buildService = (overrides: Partial<Service> = {}): Service =>
  checked(
    serviceSchema,
    {
      id: 1900 + sequence++,
      plan_id: 0,
      category_id: null,
      name: 'Atención de emergencias',
      description: null,
      image_url: null,
      coverage_amount: null,
      unlimited_coverage: true,
      event_limit: null,
      unlimited_events: true,
      event_period: null,
      inclusions: null,
      exclusions: null,
      is_active: true,
      apolo_code_ref: null,
      meta: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      category: null,
      ...overrides,
    },
    'El servicio de prueba',
  );

export type CampaignRequest = { method: 'create' | 'update'; id?: number; fields: Record<string, string> };

/** The campaigns the handlers answer with; a test seeds it and `reset()`s it in its beforeEach. */
export const campaignsDb = {
  campaigns: [] as Campaign[],
  requests: [] as CampaignRequest[],
  reset() {
    campaignsDb.campaigns = [];
    campaignsDb.requests = [];
    sequence = 0;
  },
  add(overrides: Partial<Campaign> = {}) {
    const campaign = buildCampaign(overrides);
    campaignsDb.campaigns.push(campaign);
    return campaign;
  },
};

const formFields = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

const apply = (campaign: Campaign, fields: Record<string, string>): Campaign => {
  const sponsorId = fields.sponsor_id ? Number(fields.sponsor_id) : campaign.sponsor_id;
  const countryId = fields.country_id ? Number(fields.country_id) : campaign.country_id;
  const text = (key: string, current: string | null) => (key in fields ? fields[key] || null : current);
  const start = text('start_date', campaign.start_date);
  const end = text('end_date', campaign.end_date);
  return {
    ...campaign,
    name: fields.name?.trim() ?? campaign.name,
    description: text('description', campaign.description),
    status: (fields.status as Campaign['status']) ?? campaign.status,
    sponsor_id: sponsorId,
    country_id: countryId,
    sponsor: sponsorRef(sponsorId),
    country: countryRef(countryId),
    start_date: start,
    end_date: end,
    startDate: start,
    endDate: end,
    budget: 'budget' in fields ? (fields.budget === '' ? null : Number(fields.budget)) : campaign.budget,
    image_url: fields.image ? `/storage/campaigns/${campaign.id}-${fields.image.slice(5)}` : campaign.image_url,
  };
};

/** Why a campaign cannot be deleted (its plans), in the server's words, or null. */
const deleteRefusal = (campaign: Campaign) => {
  const plans = campaign.plans?.length ?? 0;
  return plans > 0 ? cannotDelete(plans, 'plan', 'planes') : null;
};

/** The campaigns API over `campaignsDb`: q, status, sponsor_id and country_id filters, includes, the contract's page size. */
export const campaignHandlers = [
  http.get(apiUrl('v1/campaigns'), ({ request }) => {
    const url = new URL(request.url);
    const q = fold(url.searchParams.get('filter[q]'));
    const status = url.searchParams.get('filter[status]');
    const sponsor = url.searchParams.get('filter[sponsor_id]');
    const country = url.searchParams.get('filter[country_id]');
    const include = url.searchParams.get('include')?.split(',') ?? [];
    const found = campaignsDb.campaigns
      .filter((campaign) => !q || fold(`${campaign.name} ${campaign.description ?? ''}`).includes(q))
      .filter((campaign) => !status || campaign.status === status)
      .filter((campaign) => !sponsor || campaign.sponsor_id === Number(sponsor))
      .filter((campaign) => !country || campaign.country_id === Number(country))
      .slice()
      .reverse()
      .map(({ sponsor: sponsorOf, country: countryOf, plans, categories: _categories, ...campaign }) => ({
        ...campaign,
        ...(include.includes('sponsor') ? { sponsor: sponsorOf } : {}),
        ...(include.includes('country') ? { country: countryOf } : {}),
        ...(include.includes('plans') ? { plans } : {}),
      }));
    return listAnswer(campaignSchema, found, url, CAMPAIGN_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/campaigns/:id'), ({ params }) => {
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === Number(params.id));
    return campaign ? answer(campaignSchema, campaign) : fail(404, CAMPAIGN_NOT_FOUND);
  }),
  http.post(apiUrl('v1/campaigns'), async ({ request }) => {
    const fields = await formFields(request);
    campaignsDb.requests.push({ method: 'create', fields });
    if (!fields.name?.trim()) return invalid({ name: [CAMPAIGN_MESSAGES.nameRequired] });
    const campaign = apply(buildCampaign({ status: 'DRAFT', image_url: null, budget: null, start_date: null, end_date: null, description: null }), fields);
    campaignsDb.campaigns.push(campaign);
    return answer(campaignSchema, campaign, CAMPAIGN_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/campaigns/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    campaignsDb.requests.push({ method: 'update', id: Number(params.id), fields });
    const index = campaignsDb.campaigns.findIndex((candidate) => candidate.id === Number(params.id));
    if (index < 0) return fail(404, CAMPAIGN_NOT_FOUND);
    const campaign = apply(campaignsDb.campaigns[index]!, fields);
    campaignsDb.campaigns[index] = campaign;
    return answer(campaignSchema, campaign, CAMPAIGN_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/campaigns/:id/deletion'), ({ params }) => {
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === Number(params.id));
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    return deletionAnswer(deleteRefusal(campaign));
  }),
  http.delete(apiUrl('v1/campaigns/:id'), ({ params }) => {
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === Number(params.id));
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    const refusal = deleteRefusal(campaign);
    if (refusal) return fail(409, refusal);
    campaignsDb.campaigns = campaignsDb.campaigns.filter((candidate) => candidate !== campaign);
    return answer(z.null(), null, CAMPAIGN_ANSWERS.deleted);
  }),
];
