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
import type { z } from 'zod';
import { childRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { buildPlan, campaignsDb } from './campaigns';

export type PlanRequest = { method: 'create' | 'update'; id?: number; campaignId?: number; fields: Record<string, string> };

/** What the plan handlers were sent, in order; a campaign's plans live in `campaignsDb` (`campaign.plans`). */
export const plansDb = {
  requests: [] as PlanRequest[],
  reset() {
    plansDb.requests = [];
  },
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

/** The plans of the campaign `campaignId` names, or of the campaign holding the plan `planId`. */
const siblingsOf = ({ campaignId, planId }: { campaignId?: number; planId?: number }) =>
  campaignsDb.campaigns.find((campaign) => campaign.id === campaignId || campaign.plans?.some((plan) => plan.id === planId))?.plans ?? [];

/** The stored plan after a write the contract accepted, its files under their field names and its base plan named. */
const written = (plan: Plan, input: z.output<typeof planUpdateFields>, fields: Record<string, string>, siblings: readonly Plan[]): Plan => {
  const file = (name: string) => (fields[name] ? `/storage/plans/${plan.id}-${fields[name].slice(5)}` : undefined);
  const next = merged(plan, { ...input, price: input.price === undefined ? undefined : input.price === null ? null : Number(input.price), image_url: file('image'), document_url: file('document'), pdf_url: file('document') } as Partial<Plan>);
  const base = siblings.find((candidate) => candidate.id === next.plan_id);
  return { ...next, parent: base ? { id: base.id, name: base.name } : null };
};

const rows = childRows(() => campaignsDb.campaigns, 'plans', 'id', CAMPAIGN_NOT_FOUND);

/** The plans API over the campaigns in `campaignsDb` (`campaign.plans`), bodies read by the contract's schemas. */
export const mock: MockModule = {
  stores: [plansDb],
  handlers: resourceHandlers({
    path: 'v1/plans',
    list: 'v1/campaigns/:id/plans',
    spec,
    rows,
    notFound: PLAN_NOT_FOUND,
    log: ({ method, id, fields }) => plansDb.requests.push(method === 'create' ? { method, campaignId: id, fields } : { method, id, fields }),
    create: {
      schema: planFields,
      message: PLAN_ANSWERS.created,
      row: (input, sent) => written(buildPlan({ campaign_id: sent.id!, status: 'DRAFT', price: null, services: [] }), input, sent.fields, siblingsOf({ campaignId: sent.id })),
    },
    update: { schema: planUpdateFields, message: PLAN_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent.fields, siblingsOf({ planId: current.id })) },
    deletion: {
      refusal: (row) =>
        refusalOf(row, [
          { count: (plan) => siblingsOf({ planId: plan.id }).filter((other) => other.plan_id === plan.id).length, nouns: PLAN_DEPENDENT_NOUNS.upgrades },
          { count: (plan) => plan.services?.length ?? 0, nouns: PLAN_DEPENDENT_NOUNS.services },
        ]),
      deleted: PLAN_ANSWERS.deleted,
    },
  }),
};
