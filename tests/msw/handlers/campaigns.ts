import {
  CAMPAIGN_ANSWERS,
  CAMPAIGN_DEFAULT_SORT,
  CAMPAIGN_DETAIL_INCLUDES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_LIST_INCLUDES,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_SORTS,
  campaign as campaignSchema,
  campaignFields,
  campaignPlan,
  campaignUpdateFields,
  type Campaign,
  type CampaignPlan,
} from '@contract/campaign';
import { service as serviceSchema, type Service } from '@contract/service';
import { checked } from '../envelope';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { countryRef, currencyOf } from './countries';
import { sponsorsDb } from './sponsors';

let sequence = 0;

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
    currency: currencyOf(countryId),
    created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    updated_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    version: 1,
    sponsor: sponsorRef(sponsorId),
    country: countryRef(countryId),
    plans: [],
    categories: [],
    ...overrides,
    start_date: start,
    end_date: end,
    startDate: start,
    endDate: end,
  } satisfies Campaign, 'La campaña de prueba');
};

/** A plan as `include=plans` shows it. */
export const buildPlan = (overrides: Partial<CampaignPlan> = {}): CampaignPlan =>
  checked(campaignPlan, {
    id: 900 + sequence++,
    campaign_id: 0,
    name: 'Plan Básico',
    description: null,
    price: 19900,
    currency: 'COP',
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
    updated_at: '2025-01-01T00:00:00.000Z', version: 1,
    services: [],
    parent: null,
    ...overrides,
  } satisfies CampaignPlan,
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
      currency: 'COP',
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
      updated_at: '2025-01-01T00:00:00.000Z', version: 1,
      category: null,
      ...overrides,
    } satisfies Service,
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

const listSpec: ListSpec<Campaign> = {
  item: campaignSchema,
  sorts: CAMPAIGN_SORTS,
  defaultSort: CAMPAIGN_DEFAULT_SORT,
  pageSize: CAMPAIGN_PAGE_SIZE,
  fields: CAMPAIGN_FIELDS,
  includes: CAMPAIGN_LIST_INCLUDES,
  search: (row) => [row.name, row.description],
};
type CampaignInput = { [K in keyof typeof campaignUpdateFields.shape]?: Campaign[K & keyof Campaign] | undefined };

/** The stored campaign after a write the contract accepted. */
const written = (row: Campaign, input: CampaignInput, fields: Record<string, string>): Campaign => {
  const next = merged(row, { ...input, image_url: fields.image ? `/storage/campaigns/${row.id}-${fields.image.slice(5)}` : undefined });
  return { ...next, sponsor: sponsorRef(next.sponsor_id), country: countryRef(next.country_id), startDate: next.start_date, endDate: next.end_date };
};

const blank = () => buildCampaign({ status: 'DRAFT', image_url: null, budget: null, start_date: null, end_date: null, description: null });

/** The campaigns API over `campaignsDb`, bodies read by the contract's schemas; a new campaign takes its sponsor's country. */
export const mock: MockModule = {
  stores: [campaignsDb],
  handlers: resourceHandlers({
    path: 'v1/campaigns',
    spec: listSpec,
    detail: { ...listSpec, includes: CAMPAIGN_DETAIL_INCLUDES },
    rows: arrayRows(campaignsDb, 'campaigns'),
    notFound: CAMPAIGN_NOT_FOUND,
    log: ({ method, id, fields }) => campaignsDb.requests.push({ method, id, fields }),
    create: {
      schema: campaignFields,
      message: CAMPAIGN_ANSWERS.created,
      row: (input, sent) => written(blank(), { country_id: sponsorsDb.sponsors.find((row) => row.id === input.sponsor_id)?.country_id, ...input }, sent.fields),
    },
    update: { schema: campaignUpdateFields, message: CAMPAIGN_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent.fields) },
    deletion: {
      refusal: (row) =>
        refusalOf(row, [
          { count: (campaign) => campaign.plans?.length ?? 0, nouns: ['plan', 'planes'] },
          { count: (campaign) => campaign.categories?.length ?? 0, nouns: ['categoría', 'categorías'] },
        ]),
      deleted: CAMPAIGN_ANSWERS.deleted,
    },
  }),
};
