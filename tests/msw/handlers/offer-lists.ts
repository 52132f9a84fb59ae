import { PLAN_DEFAULT_SORT, PLAN_FIELDS, PLAN_INCLUDES, PLAN_PAGE_SIZE, PLAN_SORTS, plan as planSchema, type Plan } from '@contract/plan';
import {
  SERVICE_DEFAULT_SORT,
  SERVICE_FIELDS,
  SERVICE_INCLUDES,
  SERVICE_LIST_PAGE_SIZE,
  SERVICE_SORTS,
  service as serviceSchema,
  type Service,
} from '@contract/service';
import { listHandler, type ListSpec, type MockModule } from '../resource';
import { campaignsDb } from './campaigns';
import { sponsorsDb } from './sponsors';

/** The sponsor's name as the server joins it ('Sponsor N' for a campaign built without one). */
const sponsorName = (id: number) => sponsorsDb.sponsors.find((sponsor) => sponsor.id === id)?.name ?? `Sponsor ${id}`;

/** Every campaign's plans, each with its campaign as `include=campaign` shows it. */
const allPlans = (): Plan[] =>
  campaignsDb.campaigns.flatMap((campaign) =>
    (campaign.plans ?? []).map((plan) => ({
      ...plan,
      campaign_id: campaign.id,
      campaign: { id: campaign.id, name: campaign.name, sponsor_id: campaign.sponsor_id, sponsor_name: sponsorName(campaign.sponsor_id) },
      parent: plan.parent ?? null,
    })),
  );

/** Every plan's services, each with its plan and campaign. */
const allServices = (): Service[] =>
  campaignsDb.campaigns.flatMap((campaign) =>
    (campaign.plans ?? []).flatMap((plan) =>
      (plan.services ?? []).map((service) => ({
        ...service,
        plan_id: plan.id,
        plan: { id: plan.id, name: plan.name, campaign_id: campaign.id },
        campaign: { id: campaign.id, name: campaign.name, sponsor_id: campaign.sponsor_id },
        category: service.category ?? null,
      })),
    ),
  );

const plans: ListSpec<Plan> = {
  item: planSchema,
  sorts: PLAN_SORTS,
  defaultSort: PLAN_DEFAULT_SORT,
  pageSize: PLAN_PAGE_SIZE,
  fields: PLAN_FIELDS,
  includes: PLAN_INCLUDES,
  search: (row) => [row.name, row.description, row.apolo_code_ref],
  filters: {
    status: (row, value) => value.split(',').includes(row.status),
    campaign_id: (row, value) => row.campaign_id === Number(value),
  },
};

const services: ListSpec<Service> = {
  item: serviceSchema,
  sorts: SERVICE_SORTS,
  defaultSort: SERVICE_DEFAULT_SORT,
  pageSize: SERVICE_LIST_PAGE_SIZE,
  fields: SERVICE_FIELDS,
  includes: SERVICE_INCLUDES,
  search: (row) => [row.name, row.description],
  filters: { campaign_id: (row, value) => row.campaign?.id === Number(value) },
};

/** GET v1/plans and GET v1/services: every campaign's plans and services in `campaignsDb`. */
export const mock: MockModule = { handlers: [listHandler('v1/plans', plans, allPlans), listHandler('v1/services', services, allServices)] };
