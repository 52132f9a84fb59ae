import {
  DSP_ANSWERS,
  DSP_DEFAULT_SORT,
  DSP_DEPENDENT_NOUNS,
  DSP_FIELDS,
  DSP_INCLUDES,
  DSP_MESSAGES,
  DSP_NOT_FOUND,
  DSP_PAGE_SIZE,
  DSP_SORTS,
  dsp as dspSchema,
  dspFields,
  dspUpdateFields,
  type Dsp,
} from '@contract/dsp';
import type { z } from 'zod';
import { checked } from '../envelope';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { campaignsDb } from './campaigns';
import { countryRef } from './countries';
import { sponsorsDb } from './sponsors';

let sequence = 0;

const sponsorRef = (id: number) => {
  const found = sponsorsDb.sponsors.find((sponsor) => sponsor.id === id);
  return found ? { id: found.id, name: found.name } : undefined;
};

/** The plans of `campaignsDb` with these ids, as `include=plans` shows them. */
const planRefs = (ids: readonly number[]) =>
  campaignsDb.campaigns.flatMap((campaign) =>
    (campaign.plans ?? []).filter((plan) => ids.includes(plan.id)).map((plan) => ({ id: plan.id, name: plan.name, campaign_id: campaign.id })),
  );

/** A DSP as the API reads it with every include (sponsor, country, plans, users). */
export const buildDsp = (overrides: Partial<Dsp> = {}): Dsp => {
  sequence += 1;
  const sponsorId = overrides.sponsor_id ?? 1;
  const countryId = overrides.country_id ?? 3;
  const stamp = new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString();
  return checked(
    dspSchema,
    {
      id: sequence + 700,
      name: `DSP ${sequence}`,
      type: 'SALE',
      country_id: countryId,
      sponsor_id: sponsorId,
      website_url: null,
      address: null,
      phone_primary: null,
      phone_secondary: null,
      email_primary: null,
      settings: { name: `DSP ${sequence}` },
      enabled: true,
      image_url: null,
      image_path: null,
      created_at: stamp,
      updated_at: stamp,
      version: 1,
      sponsor: sponsorRef(sponsorId),
      country: countryRef(countryId),
      plans: [],
      users: [],
      ...overrides,
    } satisfies Dsp,
    'La DSP de prueba',
  );
};

/** What a create or update sent, as text (the image as its file name). */
export type DspRequest = { method: 'create' | 'update'; id?: number; fields: Record<string, string> };

/** The DSPs the handlers answer with, and how many customers each has (what blocks a delete). */
export const dspsDb = {
  dsps: [] as Dsp[],
  customers: {} as Record<number, number>,
  requests: [] as DspRequest[],
  reset() {
    dspsDb.dsps = [];
    dspsDb.customers = {};
    dspsDb.requests = [];
    sequence = 0;
  },
  add(overrides: Partial<Dsp> = {}) {
    const dsp = buildDsp(overrides);
    dspsDb.dsps.push(dsp);
    return dsp;
  },
};

const spec: ListSpec<Dsp> = {
  item: dspSchema,
  sorts: DSP_SORTS,
  defaultSort: DSP_DEFAULT_SORT,
  pageSize: DSP_PAGE_SIZE,
  fields: DSP_FIELDS,
  includes: DSP_INCLUDES,
  search: (row) => [row.name],
};

/** The stored DSP after a write the contract accepted. */
const written = (row: Dsp, input: z.output<typeof dspUpdateFields>, image: string | undefined): Dsp => {
  const { plans, sponsor_id: _locked, ...rest } = input;
  const imageUrl = image ? `/storage/dsps/${row.id}-${image.slice(5)}` : undefined;
  const next = merged(row, { ...rest, plans: plans && planRefs(plans), image_url: imageUrl, image_path: imageUrl });
  return { ...next, country: countryRef(next.country_id) };
};

/** The DSP API over `dspsDb`, bodies read by the contract's schemas; a name is held once. */
export const mock: MockModule = {
  stores: [dspsDb],
  handlers: resourceHandlers({
    path: 'v1/dsps',
    spec,
    rows: arrayRows(dspsDb, 'dsps'),
    notFound: DSP_NOT_FOUND,
    log: ({ method, id, fields }) => dspsDb.requests.push({ method, id, fields }),
    create: { schema: dspFields, message: DSP_ANSWERS.created, row: (input, sent) => written(buildDsp({ sponsor_id: input.sponsor_id }), input, sent.fields.image) },
    update: { schema: dspUpdateFields, message: DSP_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent.fields.image) },
    unique: [{ field: 'name', message: DSP_MESSAGES.nameTaken }],
    deletion: {
      refusal: (row) => refusalOf(row, [{ count: (dsp) => dspsDb.customers[dsp.id] ?? 0, nouns: DSP_DEPENDENT_NOUNS.customers }]),
      deleted: DSP_ANSWERS.deleted,
    },
  }),
};
