import {
  SERVICE_ANSWERS,
  SERVICE_DEFAULT_SORT,
  SERVICE_FIELDS,
  SERVICE_INCLUDES,
  SERVICE_MESSAGES,
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
import { http } from 'msw';
import { formBody, formFields, issuesByField } from '../body';
import { answer, apiUrl, fail, invalid } from '../envelope';
import { deletionHandlers, listHandler, refusalOf, type ListSpec } from '../resource';
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

const findPlan = (id: number) => {
  for (const campaign of campaignsDb.campaigns) {
    const plan = (campaign.plans ?? []).find((candidate) => candidate.id === id);
    if (plan) return { campaign, plan };
  }
  return null;
};

const findService = (id: number) => {
  for (const campaign of campaignsDb.campaigns) {
    for (const plan of campaign.plans ?? []) {
      const index = (plan.services ?? []).findIndex((service) => service.id === id);
      if (index >= 0) return { campaign, plan, index, service: plan.services![index]! };
    }
  }
  return null;
};

type Found = NonNullable<ReturnType<typeof findPlan>>;

/** The server's checks: the fields, the rules between them, and a category of the plan's campaign. */
const merge = (fields: Record<string, string>, owner: Found, current: Service | null) => {
  const parsed = (current ? serviceUpdateFields : serviceFields).safeParse(formBody(fields));
  if (!parsed.success) return { errors: issuesByField(parsed.error) };
  const data = parsed.data;
  if (data.plan_id !== undefined && data.plan_id !== owner.plan.id) return { errors: { plan_id: [SERVICE_MESSAGES.planFixed] } };
  const limits = clearUnlimited({
    coverage_amount: data.coverage_amount === undefined ? (current?.coverage_amount ?? null) : data.coverage_amount,
    unlimited_coverage: data.unlimited_coverage ?? current?.unlimited_coverage ?? false,
    event_limit: data.event_limit === undefined ? (current?.event_limit ?? null) : data.event_limit,
    unlimited_events: data.unlimited_events ?? current?.unlimited_events ?? false,
  });
  const ruleErrors = serviceRuleErrors(limits);
  if (Object.keys(ruleErrors).length > 0) return { errors: ruleErrors };
  const categoryId = data.category_id === undefined ? (current?.category_id ?? null) : data.category_id;
  const own = owner.campaign.categories ?? [];
  if (categoryId === null && own.length > 0) return { errors: { category_id: [SERVICE_MESSAGES.categoryRequired] } };
  const category = categoryId === null ? null : own.find((candidate) => candidate.id === categoryId);
  if (category === undefined) return { errors: { category_id: [SERVICE_MESSAGES.categoryElsewhere] } };
  const keep = <K extends keyof Service>(key: K, value: Service[K] | undefined, fallback: Service[K]) => (value === undefined ? fallback : value);
  const base = current ?? buildService({ plan_id: owner.plan.id });
  const service: Service = {
    ...base,
    ...limits,
    name: data.name ?? base.name,
    description: keep('description', data.description, current?.description ?? null),
    event_period: keep('event_period', data.event_period, current?.event_period ?? null),
    inclusions: keep('inclusions', data.inclusions, current?.inclusions ?? null),
    exclusions: keep('exclusions', data.exclusions, current?.exclusions ?? null),
    is_active: data.is_active ?? current?.is_active ?? true,
    apolo_code_ref: keep('apolo_code_ref', data.apolo_code_ref, current?.apolo_code_ref ?? null),
    meta: data.meta === undefined ? (current?.meta ?? null) : data.meta,
    category_id: categoryId,
    category: category ? { id: category.id, name: category.name } : null,
    plan: { id: owner.plan.id, name: owner.plan.name, campaign_id: owner.campaign.id },
    image_url: fields.image ? `/storage/services/${fields.image.slice(5)}` : base.image_url,
  };
  return { service };
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

/** The services API over `campaignsDb`, bodies read by the contract's schemas and rules. */
export const serviceHandlers = [
  listHandler('v1/plans/:id/services', spec, (params) => findPlan(Number(params.id))?.plan.services ?? fail(404, SERVICE_PLAN_NOT_FOUND)),
  http.post(apiUrl('v1/plans/:id/services'), async ({ request, params }) => {
    const fields = await formFields(request);
    servicesDb.requests.push({ method: 'create', id: Number(params.id), fields });
    const owner = findPlan(Number(params.id));
    if (!owner) return fail(404, SERVICE_PLAN_NOT_FOUND);
    const result = merge(fields, owner, null);
    if (result.errors) return invalid(result.errors);
    owner.plan.services = [...(owner.plan.services ?? []), result.service];
    return answer(serviceSchema, result.service, SERVICE_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/services/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    servicesDb.requests.push({ method: 'update', id: Number(params.id), fields });
    const found = findService(Number(params.id));
    if (!found) return fail(404, SERVICE_NOT_FOUND);
    const result = merge(fields, found, found.service);
    if (result.errors) return invalid(result.errors);
    found.plan.services![found.index] = result.service;
    return answer(serviceSchema, result.service, SERVICE_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/services',
    find: (id) => findService(id)?.service,
    remove: (row) => {
      const found = findService(row.id);
      if (found) found.plan.services = found.plan.services!.filter((service) => service !== row);
    },
    refusal: (row) => refusalOf(row, [], servicesDb.deletionRefusal),
    notFound: SERVICE_NOT_FOUND,
    deleted: SERVICE_ANSWERS.deleted,
  }),
];
