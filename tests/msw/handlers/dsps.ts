import {
  DSP_ANSWERS,
  DSP_DEPENDENT_NOUNS,
  DSP_MESSAGES,
  DSP_NOT_FOUND,
  DSP_PAGE_SIZE,
  dsp as dspSchema,
  dspFields,
  dspUpdateFields,
  type Dsp,
} from '@contract/dsp';
import { cannotDelete } from '@contract/messages';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, checked, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { campaignsDb } from './campaigns';
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
      sponsor: sponsorRef(sponsorId),
      country: countryRef(countryId),
      plans: [],
      users: [],
      ...overrides,
    },
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

const formFields = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

/** The form's fields as the server reads them: `plans[0]`, `plans[1]`… as one list. */
const bodyOf = (fields: Record<string, string>) => {
  const { _method: _override, image: _image, ...rest } = fields;
  const body: Record<string, unknown> = {};
  const plans: string[] = [];
  for (const [key, value] of Object.entries(rest)) {
    if (/^plans\[\d+\]$/.test(key)) plans.push(value);
    else body[key] = value;
  }
  if (plans.length > 0) body.plans = plans;
  return body;
};

/** The contract's refusal of a body, as the server's 422 `errors` (first field of each issue). */
const contractErrors = (error: z.ZodError) => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
};

/** Names are compared trimmed, ignoring case and accents. */
const folded = (name: string) => fold(name.trim());

/** The server's own checks after the contract's: sponsor and country exist, plans of the sponsor's campaigns. */
const refusal = (input: { sponsor_id: number; country_id?: number; plans?: number[] }) => {
  if (!sponsorRef(input.sponsor_id)) return invalid({ sponsor_id: [DSP_MESSAGES.sponsorMissing] });
  if (input.country_id !== undefined && !countryRef(input.country_id)) return invalid({ country_id: [DSP_MESSAGES.countryMissing] });
  if (input.plans) {
    const ofSponsor = campaignsDb.campaigns.filter((campaign) => campaign.sponsor_id === input.sponsor_id).flatMap((campaign) => campaign.plans ?? []);
    if (!input.plans.every((id) => ofSponsor.some((plan) => plan.id === id))) return invalid({ plans: [DSP_MESSAGES.plansNotOfSponsor] });
  }
  return null;
};

const nameTaken = (name: string, self?: number) =>
  dspsDb.dsps.some((candidate) => candidate.id !== self && folded(candidate.name) === folded(name))
    ? fail(409, DSP_MESSAGES.nameTaken, { name: [DSP_MESSAGES.nameTaken] })
    : null;

type DspInput = z.output<typeof dspUpdateFields>;

const apply = (dsp: Dsp, input: DspInput, image: string | undefined): Dsp => {
  const pick = <K extends keyof DspInput & keyof Dsp>(key: K) => (input[key] === undefined ? dsp[key] : (input[key] as Dsp[K]));
  const countryId = input.country_id ?? dsp.country_id;
  const imageUrl = image ? `/storage/dsps/${dsp.id}-${image.slice(5)}` : dsp.image_url;
  return {
    ...dsp,
    name: input.name ?? dsp.name,
    type: input.type ?? dsp.type,
    country_id: countryId,
    country: countryRef(countryId),
    settings: input.settings ?? dsp.settings,
    website_url: pick('website_url'),
    address: pick('address'),
    phone_primary: pick('phone_primary'),
    phone_secondary: pick('phone_secondary'),
    email_primary: pick('email_primary'),
    enabled: input.enabled ?? dsp.enabled,
    plans: input.plans ? planRefs(input.plans) : dsp.plans,
    image_url: imageUrl,
    image_path: imageUrl,
  };
};

const deleteRefusal = (dsp: Dsp) => {
  const customers = dspsDb.customers[dsp.id] ?? 0;
  return customers > 0 ? cannotDelete(customers, ...DSP_DEPENDENT_NOUNS.customers) : null;
};

const findDsp = (id: unknown) => dspsDb.dsps.find((candidate) => candidate.id === Number(id));

/** `/dsps/staff` and the like are other routes: these handlers answer only numeric ids. */
const isId = (id: unknown) => typeof id === 'string' && /^\d+$/.test(id);

/** The DSP API over `dspsDb`: `q` (or `filter[q]`) by name, pages, includes, sorted by name. */
export const dspHandlers = [
  http.get(apiUrl('v1/dsps'), ({ request }) => {
    const url = new URL(request.url);
    const q = (url.searchParams.get('q') ?? url.searchParams.get('filter[q]') ?? '').toLowerCase();
    const include = url.searchParams.get('include')?.split(',') ?? [];
    const found = dspsDb.dsps
      .filter((dsp) => dsp.name.toLowerCase().includes(q))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ sponsor, country, plans, users, ...dsp }) => ({
        ...dsp,
        ...(include.includes('sponsor') ? { sponsor } : {}),
        ...(include.includes('country') ? { country } : {}),
        ...(include.includes('plans') ? { plans } : {}),
        ...(include.includes('users') ? { users } : {}),
      }));
    return listAnswer(dspSchema, found, url, DSP_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/dsps/:id'), ({ params }) => {
    if (!isId(params.id)) return undefined;
    const dsp = findDsp(params.id);
    return dsp ? answer(dspSchema, dsp) : fail(404, DSP_NOT_FOUND);
  }),
  http.post(apiUrl('v1/dsps'), async ({ request }) => {
    const fields = await formFields(request);
    dspsDb.requests.push({ method: 'create', fields });
    const parsed = dspFields.safeParse(bodyOf(fields));
    if (!parsed.success) return invalid(contractErrors(parsed.error));
    const input = parsed.data;
    const refused = refusal(input) ?? nameTaken(input.name);
    if (refused) return refused;
    const blank = buildDsp({ sponsor_id: input.sponsor_id, country_id: input.country_id, enabled: input.enabled ?? true });
    const dsp = apply({ ...blank, type: 'SALE' }, input, fields.image);
    dspsDb.dsps.push(dsp);
    return answer(dspSchema, dsp, DSP_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/dsps/:id'), async ({ request, params }) => {
    if (!isId(params.id)) return undefined;
    const fields = await formFields(request);
    dspsDb.requests.push({ method: 'update', id: Number(params.id), fields });
    const index = dspsDb.dsps.findIndex((candidate) => candidate.id === Number(params.id));
    if (index < 0) return fail(404, DSP_NOT_FOUND);
    const current = dspsDb.dsps[index]!;
    const parsed = dspUpdateFields.safeParse(bodyOf(fields));
    if (!parsed.success) return invalid(contractErrors(parsed.error));
    const input = parsed.data;
    if (input.sponsor_id !== undefined && input.sponsor_id !== current.sponsor_id) return fail(422, DSP_MESSAGES.sponsorLocked, { sponsor_id: [DSP_MESSAGES.sponsorLocked] });
    const refused = refusal({ ...input, sponsor_id: current.sponsor_id }) ?? (input.name ? nameTaken(input.name, current.id) : null);
    if (refused) return refused;
    const dsp = apply(current, input, fields.image);
    dspsDb.dsps[index] = dsp;
    return answer(dspSchema, dsp, DSP_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/dsps/:id/deletion'), ({ params }) => {
    const dsp = findDsp(params.id);
    return dsp ? deletionAnswer(deleteRefusal(dsp)) : fail(404, DSP_NOT_FOUND);
  }),
  http.delete(apiUrl('v1/dsps/:id'), ({ params }) => {
    const dsp = findDsp(params.id);
    if (!dsp) return fail(404, DSP_NOT_FOUND);
    const reason = deleteRefusal(dsp);
    if (reason) return fail(409, reason);
    dspsDb.dsps = dspsDb.dsps.filter((candidate) => candidate !== dsp);
    return answer(z.null(), null, DSP_ANSWERS.deleted);
  }),
];
