import { cannotDelete } from '@contract/messages';
import {
  PLAN_ANSWERS,
  PLAN_DEPENDENT_NOUNS,
  PLAN_MESSAGES,
  PLAN_NOT_FOUND,
  PLAN_PAGE_SIZE,
  normalizePrice,
  plan as planSchema,
  type Plan,
} from '@contract/plan';
import { CAMPAIGN_NOT_FOUND } from '@contract/campaign';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { buildPlan, campaignsDb } from './campaigns';

export type PlanRequest = { method: 'create' | 'update'; id?: number; campaignId?: number; fields: Record<string, string> };

/** What the plan handlers were sent, in order; a campaign's plans live in `campaignsDb` (`campaign.plans`). */
export const plansDb = {
  requests: [] as PlanRequest[],
  reset() {
    plansDb.requests = [];
  },
};

const formFields = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

const findPlan = (id: number) => {
  for (const campaign of campaignsDb.campaigns) {
    const found = campaign.plans?.find((plan) => plan.id === id);
    if (found) return { campaign, plan: found };
  }
  return null;
};

/** The server's 422 for the fields it checks first: name, description, price and the base plan. */
const refusal = (fields: Record<string, string>, siblings: Plan[], creating: boolean, self?: number) => {
  const errors: Record<string, string[]> = {};
  if ((creating || 'name' in fields) && !fields.name?.trim()) errors.name = [PLAN_MESSAGES.nameRequired];
  if ((creating || 'description' in fields) && !fields.description?.trim()) errors.description = [PLAN_MESSAGES.descriptionRequired];
  if (fields.price?.trim()) {
    const price = normalizePrice(fields.price);
    if (!price.ok) errors.price = [price.message];
  }
  if (fields.plan_id) {
    const base = Number(fields.plan_id);
    if (base === self) errors.plan_id = [PLAN_MESSAGES.planSelf];
    else if (!siblings.some((plan) => plan.id === base)) errors.plan_id = [PLAN_MESSAGES.planMissing];
  }
  return Object.keys(errors).length > 0 ? errors : null;
};

const apply = (plan: Plan, fields: Record<string, string>, siblings: Plan[]): Plan => {
  const text = (key: string, current: string | null) => (key in fields ? fields[key]?.trim() || null : current);
  const price = fields.price?.trim() ? normalizePrice(fields.price) : null;
  const baseId = 'plan_id' in fields ? (fields.plan_id ? Number(fields.plan_id) : null) : plan.plan_id;
  const base = siblings.find((candidate) => candidate.id === baseId);
  return {
    ...plan,
    name: fields.name?.trim() ?? plan.name,
    description: text('description', plan.description),
    price: 'price' in fields ? (price?.ok ? Number(price.value) : null) : plan.price,
    status: (fields.status as Plan['status']) || plan.status,
    inclusions: text('inclusions', plan.inclusions),
    exclusions: text('exclusions', plan.exclusions),
    commitment_months: fields.commitment_months ? Number(fields.commitment_months) : plan.commitment_months,
    trial_days: 'trial_days' in fields ? (fields.trial_days ? Number(fields.trial_days) : null) : plan.trial_days,
    auto_renew: 'auto_renew' in fields ? fields.auto_renew === '1' || fields.auto_renew === 'true' : plan.auto_renew,
    apolo_code_ref: text('apolo_code_ref', plan.apolo_code_ref),
    meta: 'meta' in fields ? fields.meta?.trim() || null : plan.meta,
    plan_id: baseId,
    parent: base ? { id: base.id, name: base.name } : null,
    image_url: fields.image ? `/storage/plans/${plan.id}-${fields.image.slice(5)}` : plan.image_url,
    document_url: fields.document ? `/storage/plans/${plan.id}-${fields.document.slice(5)}` : plan.document_url,
    pdf_url: fields.document ? `/storage/plans/${plan.id}-${fields.document.slice(5)}` : plan.pdf_url,
  };
};

/** Why a plan cannot be deleted (its upgrades, then its services), in the server's words, or null. */
const deleteRefusal = (plan: Plan, siblings: Plan[]) => {
  const upgrades = siblings.filter((candidate) => candidate.plan_id === plan.id).length;
  if (upgrades > 0) return cannotDelete(upgrades, ...PLAN_DEPENDENT_NOUNS.upgrades);
  const services = plan.services?.length ?? 0;
  return services > 0 ? cannotDelete(services, ...PLAN_DEPENDENT_NOUNS.services) : null;
};

/** The plans API over the campaigns in `campaignsDb`. */
export const planHandlers = [
  http.get(apiUrl('v1/campaigns/:id/plans'), ({ request, params }) => {
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === Number(params.id));
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    return listAnswer(planSchema, campaign.plans ?? [], new URL(request.url), PLAN_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/plans/:id'), ({ params }) => {
    const found = findPlan(Number(params.id));
    return found ? answer(planSchema, found.plan) : fail(404, PLAN_NOT_FOUND);
  }),
  http.post(apiUrl('v1/campaigns/:id/plans'), async ({ request, params }) => {
    const campaignId = Number(params.id);
    const fields = await formFields(request);
    plansDb.requests.push({ method: 'create', campaignId, fields });
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === campaignId);
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    const siblings = campaign.plans ?? [];
    const errors = refusal(fields, siblings, true);
    if (errors) return invalid(errors);
    const created = apply(buildPlan({ campaign_id: campaignId, status: 'DRAFT', price: null, services: [] }), fields, siblings);
    campaign.plans = [...siblings, created];
    return answer(planSchema, created, PLAN_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/plans/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const fields = await formFields(request);
    plansDb.requests.push({ method: 'update', id, fields });
    const found = findPlan(id);
    if (!found) return fail(404, PLAN_NOT_FOUND);
    const siblings = found.campaign.plans ?? [];
    const errors = refusal(fields, siblings, false, id);
    if (errors) return invalid(errors);
    const updated = apply(found.plan, fields, siblings);
    found.campaign.plans = siblings.map((plan) => (plan.id === id ? updated : plan));
    return answer(planSchema, updated, PLAN_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/plans/:id/deletion'), ({ params }) => {
    const found = findPlan(Number(params.id));
    if (!found) return fail(404, PLAN_NOT_FOUND);
    return deletionAnswer(deleteRefusal(found.plan, found.campaign.plans ?? []));
  }),
  http.delete(apiUrl('v1/plans/:id'), ({ params }) => {
    const found = findPlan(Number(params.id));
    if (!found) return fail(404, PLAN_NOT_FOUND);
    const reason = deleteRefusal(found.plan, found.campaign.plans ?? []);
    if (reason) return fail(409, reason);
    found.campaign.plans = (found.campaign.plans ?? []).filter((plan) => plan !== found.plan);
    return answer(z.null(), null, PLAN_ANSWERS.deleted);
  }),
];
