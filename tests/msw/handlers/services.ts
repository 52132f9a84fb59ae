import {
  SERVICE_ANSWERS,
  SERVICE_DEFAULT_SORT,
  SERVICE_FIELDS,
  SERVICE_INCLUDES,
  SERVICE_NOT_FOUND,
  SERVICE_PAGE_SIZE,
  SERVICE_PLAN_NOT_FOUND,
  SERVICE_SORTS,
  clearUnlimited,
  service as serviceSchema,
  serviceFields,
  serviceRuleErrors,
  serviceUpdateFields,
  type Service,
} from '@contract/service';
import type { z } from 'zod';
import { invalid } from '../envelope';
import { childRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { buildService, campaignsDb } from './campaigns';

export type ServiceRequest = { method: 'create' | 'update'; id: number; fields: Record<string, string> };

/** What the service handlers were sent; the services themselves live in `campaignsDb` (`campaign.plans[i].services`). */
export const servicesDb = {
  requests: [] as ServiceRequest[],
  /** Set by a test to refuse the next deletion check with this reason. */
  deletionRefusal: null as string | null,
  reset() {
    servicesDb.requests = [];
    servicesDb.deletionRefusal = null;
  },
};

/** The plan `planId` names, or the plan holding the service `serviceId`, with its campaign. */
const ownerOf = ({ planId, serviceId }: { planId?: number; serviceId?: number }) => {
  for (const campaign of campaignsDb.campaigns) {
    const plan = (campaign.plans ?? []).find((candidate) => candidate.id === planId || candidate.services?.some((service) => service.id === serviceId));
    if (plan) return { campaign, plan };
  }
  throw new Error('El servicio no tiene plan en campaignsDb.');
};

/** The stored service after a write the contract accepted and the contract's rules between its limits allow. */
const written = (base: Service, input: z.output<typeof serviceUpdateFields>, owner: ReturnType<typeof ownerOf>, fields: Record<string, string>) => {
  const { plan_id: _fixed, category_id: categoryId, ...rest } = input;
  const next = merged(base, { ...rest, category_id: categoryId });
  const limits = clearUnlimited({ coverage_amount: next.coverage_amount, unlimited_coverage: next.unlimited_coverage, event_limit: next.event_limit, unlimited_events: next.unlimited_events });
  const ruleErrors = serviceRuleErrors(limits);
  if (Object.keys(ruleErrors).length > 0) return invalid(ruleErrors);
  const category = (owner.campaign.categories ?? []).find((candidate) => candidate.id === next.category_id);
  return {
    ...next,
    ...limits,
    category: category ? { id: category.id, name: category.name } : null,
    plan: { id: owner.plan.id, name: owner.plan.name, campaign_id: owner.campaign.id },
    image_url: fields.image ? `/storage/services/${fields.image.slice(5)}` : base.image_url,
  };
};

const spec: ListSpec<Service> = {
  item: serviceSchema,
  sorts: SERVICE_SORTS,
  defaultSort: SERVICE_DEFAULT_SORT,
  pageSize: SERVICE_PAGE_SIZE,
  fields: SERVICE_FIELDS,
  includes: SERVICE_INCLUDES,
  search: (row) => [row.name, row.description],
};

const plans = () => campaignsDb.campaigns.flatMap((campaign) => campaign.plans ?? []);

/** The services API over `campaignsDb` (`campaign.plans[i].services`), bodies read by the contract's schemas and rules. */
export const mock: MockModule = {
  stores: [servicesDb],
  handlers: resourceHandlers({
    path: 'v1/services',
    list: 'v1/plans/:id/services',
    spec,
    detail: false,
    rows: childRows(plans, 'services', 'id', SERVICE_PLAN_NOT_FOUND),
    notFound: SERVICE_NOT_FOUND,
    log: ({ method, id, fields }) => servicesDb.requests.push({ method, id: id!, fields }),
    create: {
      schema: serviceFields,
      message: SERVICE_ANSWERS.created,
      row: (input, sent) => {
        const owner = ownerOf({ planId: sent.id });
        return written(buildService({ plan_id: owner.plan.id, unlimited_coverage: false, unlimited_events: false }), input, owner, sent.fields);
      },
    },
    update: { schema: serviceUpdateFields, message: SERVICE_ANSWERS.updated, row: (current, input, sent) => written(current, input, ownerOf({ serviceId: current.id }), sent.fields) },
    deletion: { refusal: (row) => refusalOf(row, [], servicesDb.deletionRefusal), deleted: SERVICE_ANSWERS.deleted },
  }),
};
