import {
  PLAN_ANSWERS,
  PLAN_DEFAULT_SORT,
  PLAN_DEPENDENT_NOUNS,
  PLAN_FIELDS,
  PLAN_INCLUDES,
  PLAN_NOT_FOUND,
  PLAN_PAGE_SIZE,
  PLAN_SORTS,
  plan as planSchema,
  planFields,
  planUpdateFields,
  type Plan,
} from '@contract/plan';
import { CAMPAIGN_NOT_FOUND } from '@contract/campaign';
import { http } from 'msw';
import { formBody, formFields, parseBody } from '../body';
import { answer, apiUrl, fail } from '../envelope';
import { deletionHandlers, detailHandler, listHandler, merged, refusalOf, type ListSpec } from '../resource';
import { buildPlan, campaignsDb } from './campaigns';

export type PlanRequest = { method: 'create' | 'update'; id?: number; campaignId?: number; fields: Record<string, string> };

/** What the plan handlers were sent, in order; a campaign's plans live in `campaignsDb` (`campaign.plans`). */
export const plansDb = {
  requests: [] as PlanRequest[],
  reset() {
    plansDb.requests = [];
  },
};

const findPlan = (id: number) => {
  for (const campaign of campaignsDb.campaigns) {
    const found = campaign.plans?.find((plan) => plan.id === id);
    if (found) return { campaign, plan: found };
  }
  return null;
};

const spec: ListSpec<Plan> = {
  item: planSchema,
  sorts: PLAN_SORTS,
  defaultSort: PLAN_DEFAULT_SORT,
  pageSize: PLAN_PAGE_SIZE,
  fields: PLAN_FIELDS,
  includes: PLAN_INCLUDES,
  search: (row) => [row.name, row.description],
};

/** The stored plan after a write the contract accepted, its files under their field names. */
const written = (plan: Plan, input: ReturnType<typeof planUpdateFields.parse>, fields: Record<string, string>, siblings: Plan[]): Plan => {
  const file = (name: string) => (fields[name] ? `/storage/plans/${plan.id}-${fields[name].slice(5)}` : undefined);
  const next = merged(plan, { ...input, price: input.price === undefined ? undefined : input.price === null ? null : Number(input.price), image_url: file('image'), document_url: file('document'), pdf_url: file('document') } as Partial<Plan>);
  const base = siblings.find((candidate) => candidate.id === next.plan_id);
  return { ...next, parent: base ? { id: base.id, name: base.name } : null };
};

/** The plans API over the campaigns in `campaignsDb`, bodies read by the contract's schemas. */
export const planHandlers = [
  listHandler('v1/campaigns/:id/plans', spec, (params) => campaignsDb.campaigns.find((row) => row.id === Number(params.id))?.plans ?? fail(404, CAMPAIGN_NOT_FOUND)),
  detailHandler('v1/plans', spec, (id) => findPlan(id)?.plan, PLAN_NOT_FOUND),
  http.post(apiUrl('v1/campaigns/:id/plans'), async ({ request, params }) => {
    const campaignId = Number(params.id);
    const fields = await formFields(request);
    plansDb.requests.push({ method: 'create', campaignId, fields });
    const campaign = campaignsDb.campaigns.find((row) => row.id === campaignId);
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    const input = parseBody(planFields, formBody(fields));
    if (input instanceof Response) return input;
    const siblings = campaign.plans ?? [];
    const created = written(buildPlan({ campaign_id: campaignId, status: 'DRAFT', price: null, services: [] }), input, fields, siblings);
    campaign.plans = [...siblings, created];
    return answer(planSchema, created, PLAN_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/plans/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const fields = await formFields(request);
    plansDb.requests.push({ method: 'update', id, fields });
    const found = findPlan(id);
    if (!found) return fail(404, PLAN_NOT_FOUND);
    const input = parseBody(planUpdateFields, formBody(fields));
    if (input instanceof Response) return input;
    const siblings = found.campaign.plans ?? [];
    const updated = written(found.plan, input, fields, siblings);
    found.campaign.plans = siblings.map((plan) => (plan.id === id ? updated : plan));
    return answer(planSchema, updated, PLAN_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/plans',
    find: (id) => findPlan(id)?.plan,
    remove: (row) => {
      const found = findPlan(row.id);
      if (found) found.campaign.plans = (found.campaign.plans ?? []).filter((plan) => plan !== row);
    },
    refusal: (row) =>
      refusalOf(row, [
        { count: (plan) => (findPlan(plan.id)?.campaign.plans ?? []).filter((other) => other.plan_id === plan.id).length, nouns: PLAN_DEPENDENT_NOUNS.upgrades },
        { count: (plan) => plan.services?.length ?? 0, nouns: PLAN_DEPENDENT_NOUNS.services },
      ]),
    notFound: PLAN_NOT_FOUND,
    deleted: PLAN_ANSWERS.deleted,
  }),
];
