import {
  CAMPAIGN_CATEGORY_ANSWERS,
  CAMPAIGN_CATEGORY_DEFAULT_SORT,
  CAMPAIGN_CATEGORY_FIELDS,
  CAMPAIGN_CATEGORY_MESSAGES,
  CAMPAIGN_CATEGORY_NOT_FOUND,
  CAMPAIGN_CATEGORY_PAGE_SIZE,
  CAMPAIGN_CATEGORY_SORTS,
  campaignCategory as campaignCategorySchema,
  campaignCategoryFields,
  campaignCategoryUpdateFields,
  type CampaignCategory,
} from '@contract/campaign-category';
import { CAMPAIGN_NOT_FOUND } from '@contract/campaign';
import type { CategoryRef } from '@contract/category';
import { http } from 'msw';
import { formBody, formFields, parseBody } from '../body';
import { answer, apiUrl, checked, fail, invalid } from '../envelope';
import { deletionHandlers, listHandler, merged, refusalOf, type ListSpec } from '../resource';
import { campaignsDb } from './campaigns';

/** Root categories of the catalogue a campaign category may link; a test answers `GET v1/categories` with them. */
export const catalogueRoots: CategoryRef[] = [
  { id: 41, name: 'Hogar' },
  { id: 42, name: 'Salud' },
  { id: 43, name: 'Vehículos' },
];

let sequence = 0;

/** A campaign category as the API reads it, linked to the first catalogue root unless told otherwise. */
export const buildCampaignCategory = (overrides: Partial<CampaignCategory> = {}): CampaignCategory => {
  sequence += 1;
  const parent = overrides.parent ?? catalogueRoots[0]!;
  return checked(
    campaignCategorySchema,
    {
      id: 3000 + sequence,
      campaign_id: 0,
      category_id: parent.id,
      name: `Categoría ${sequence}`,
      description: null,
      image_url: null,
      parent,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      ...overrides,
    } satisfies CampaignCategory,
    'La categoría de campaña de prueba',
  );
};

export type CampaignCategoryRequest = { method: 'create' | 'update'; id: number; fields: Record<string, string> };

/** What the category handlers were sent; the categories themselves live in `campaignsDb` (`campaign.categories`). */
export const campaignCategoriesDb = {
  requests: [] as CampaignCategoryRequest[],
  reset() {
    campaignCategoriesDb.requests = [];
    sequence = 0;
  },
};

const findCategory = (id: number) => {
  for (const campaign of campaignsDb.campaigns) {
    const index = (campaign.categories ?? []).findIndex((category) => category.id === id);
    if (index >= 0) return { campaign, index, category: campaign.categories![index]! };
  }
  return null;
};

const servicesUsing = (campaignId: number, categoryId: number) =>
  (campaignsDb.campaigns.find((campaign) => campaign.id === campaignId)?.plans ?? [])
    .flatMap((plan) => plan.services ?? [])
    .filter((service) => service.category_id === categoryId).length;

const spec: ListSpec<CampaignCategory> = {
  item: campaignCategorySchema,
  sorts: CAMPAIGN_CATEGORY_SORTS,
  defaultSort: CAMPAIGN_CATEGORY_DEFAULT_SORT,
  pageSize: CAMPAIGN_CATEGORY_PAGE_SIZE,
  fields: CAMPAIGN_CATEGORY_FIELDS,
  search: (row) => [row.name, row.description],
};

/** The stored category after a write the contract accepted; its catalogue parent must be a root. */
const written = (row: CampaignCategory, input: ReturnType<typeof campaignCategoryUpdateFields.parse>, fields: Record<string, string>) => {
  const parent = input.category_id === undefined ? row.parent : catalogueRoots.find((root) => root.id === input.category_id);
  if (!parent) return invalid({ category_id: [CAMPAIGN_CATEGORY_MESSAGES.categoryNotRoot] });
  return merged(row, { ...input, parent, image_url: fields.image ? `/storage/campaign-categories/${fields.image.slice(5)}` : undefined });
};

/** The campaign categories API over `campaignsDb`, bodies read by the contract's schemas. */
export const campaignCategoryHandlers = [
  listHandler('v1/campaigns/:id/campaign-categories', spec, (params) => campaignsDb.campaigns.find((row) => row.id === Number(params.id))?.categories ?? fail(404, CAMPAIGN_NOT_FOUND)),
  http.post(apiUrl('v1/campaigns/:id/campaign-categories'), async ({ request, params }) => {
    const fields = await formFields(request);
    campaignCategoriesDb.requests.push({ method: 'create', id: Number(params.id), fields });
    const campaign = campaignsDb.campaigns.find((row) => row.id === Number(params.id));
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    const input = parseBody(campaignCategoryFields, formBody(fields));
    if (input instanceof Response) return input;
    const category = written(buildCampaignCategory({ campaign_id: campaign.id, description: null, image_url: null }), input, fields);
    if (category instanceof Response) return category;
    campaign.categories = [...(campaign.categories ?? []), category];
    return answer(campaignCategorySchema, category, CAMPAIGN_CATEGORY_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/campaign-categories/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    campaignCategoriesDb.requests.push({ method: 'update', id: Number(params.id), fields });
    const found = findCategory(Number(params.id));
    if (!found) return fail(404, CAMPAIGN_CATEGORY_NOT_FOUND);
    const input = parseBody(campaignCategoryUpdateFields, formBody(fields));
    if (input instanceof Response) return input;
    const updated = written(found.category, input, fields);
    if (updated instanceof Response) return updated;
    found.campaign.categories![found.index] = updated;
    return answer(campaignCategorySchema, updated, CAMPAIGN_CATEGORY_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/campaign-categories',
    find: (id) => findCategory(id)?.category,
    remove: (row) => {
      const found = findCategory(row.id);
      if (found) found.campaign.categories = found.campaign.categories!.filter((category) => category !== row);
    },
    refusal: (row) => refusalOf(row, [{ count: (category) => servicesUsing(findCategory(category.id)!.campaign.id, category.id), nouns: ['servicio', 'servicios'] }]),
    notFound: CAMPAIGN_CATEGORY_NOT_FOUND,
    deleted: CAMPAIGN_CATEGORY_ANSWERS.deleted,
  }),
];
