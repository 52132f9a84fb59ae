import { PLAN_PAGE_SIZE, plan as planSchema } from '@contract/plan';
import { SERVICE_LIST_PAGE_SIZE, service as serviceSchema } from '@contract/service';
import { http } from 'msw';
import { apiUrl, fail } from '../envelope';
import { listAnswer } from '../paginate';
import { campaignsDb } from './campaigns';
import { sponsorsDb } from './sponsors';

const includes = (url: URL) => url.searchParams.get('include')?.split(',').filter(Boolean) ?? [];

/** The server's 400 for an id filter that is not a number. */
const badId = (name: string, value: string | null) => (value !== null && !/^\d+$/.test(value) ? fail(400, `El filtro ${name} debe ser un identificador numérico.`) : null);

/** The sponsor's name as the server joins it ('Sponsor N' for a campaign built without one). */
const sponsorName = (id: number) => sponsorsDb.sponsors.find((sponsor) => sponsor.id === id)?.name ?? `Sponsor ${id}`;

const matches = (text: string, q: string | undefined) => !q || text.toLowerCase().includes(q);

/**
 * Every campaign's plans and services over `campaignsDb` (plans live in `campaign.plans`, services in
 * `plan.services`), with the filters, includes and page sizes of GET v1/plans and GET v1/services.
 */
export const offerListHandlers = [
  http.get(apiUrl('v1/plans'), ({ request }) => {
    const url = new URL(request.url);
    const campaignId = url.searchParams.get('filter[campaign_id]');
    const refused = badId('campaign_id', campaignId);
    if (refused) return refused;
    const q = url.searchParams.get('filter[q]')?.toLowerCase();
    const statuses = url.searchParams.get('filter[status]')?.split(',');
    const wanted = includes(url);
    const found = campaignsDb.campaigns
      .filter((campaign) => campaignId === null || campaign.id === Number(campaignId))
      .flatMap((campaign) =>
        (campaign.plans ?? []).map((plan) => ({
          ...plan,
          campaign_id: campaign.id,
          campaign: wanted.includes('campaign') ? { id: campaign.id, name: campaign.name, sponsor_id: campaign.sponsor_id, sponsor_name: sponsorName(campaign.sponsor_id) } : undefined,
          services: wanted.includes('services') ? (plan.services ?? []) : undefined,
          parent: wanted.includes('parent') ? (plan.parent ?? null) : undefined,
        })),
      )
      .filter((plan) => matches(`${plan.name} ${plan.description ?? ''} ${plan.apolo_code_ref ?? ''}`, q))
      .filter((plan) => !statuses || statuses.includes(plan.status))
      .sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return listAnswer(planSchema, found, url, PLAN_PAGE_SIZE);
  }),

  http.get(apiUrl('v1/services'), ({ request }) => {
    const url = new URL(request.url);
    const campaignId = url.searchParams.get('filter[campaign_id]');
    const refused = badId('campaign_id', campaignId);
    if (refused) return refused;
    const q = url.searchParams.get('filter[q]')?.toLowerCase();
    const active = url.searchParams.get('filter[is_active]');
    const wanted = includes(url);
    const found = campaignsDb.campaigns
      .filter((campaign) => campaignId === null || campaign.id === Number(campaignId))
      .flatMap((campaign) =>
        (campaign.plans ?? []).flatMap((plan) =>
          (plan.services ?? []).map((service) => ({
            ...service,
            plan_id: plan.id,
            plan: wanted.includes('plan') ? { id: plan.id, name: plan.name, campaign_id: campaign.id } : undefined,
            campaign: wanted.includes('campaign') ? { id: campaign.id, name: campaign.name, sponsor_id: campaign.sponsor_id } : undefined,
            category: wanted.includes('category') ? (service.category ?? null) : undefined,
          })),
        ),
      )
      .filter((service) => matches(`${service.name} ${service.description ?? ''}`, q))
      .filter((service) => active === null || service.is_active === (active === '1'))
      .sort((a, b) => a.id - b.id);
    return listAnswer(serviceSchema, found, url, SERVICE_LIST_PAGE_SIZE);
  }),
];
