import {
  CAMPAIGN_CATEGORY_ANSWERS,
  CAMPAIGN_CATEGORY_DEFAULT_SORT,
  CAMPAIGN_CATEGORY_FIELDS,
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
import type { z } from 'zod';
import { checked } from '../envelope';
import { childRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
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
      updated_at: '2025-01-01T00:00:00.000Z', version: 1,
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

/** The services of the category's own campaign (a test builds categories without their campaign's id) that use it. */
const servicesUsing = (category: CampaignCategory) =>
  (campaignsDb.campaigns.find((campaign) => campaign.categories?.includes(category))?.plans ?? [])
    .flatMap((plan) => plan.services ?? [])
    .filter((service) => service.category_id === category.id).length;

const spec: ListSpec<CampaignCategory> = {
  item: campaignCategorySchema,
  sorts: CAMPAIGN_CATEGORY_SORTS,
  defaultSort: CAMPAIGN_CATEGORY_DEFAULT_SORT,
  pageSize: CAMPAIGN_CATEGORY_PAGE_SIZE,
  fields: CAMPAIGN_CATEGORY_FIELDS,
  search: (row) => [row.name, row.description],
};

/** The stored category after a write the contract accepted, its catalogue parent named as the roots name it. */
const written = (row: CampaignCategory, input: z.output<typeof campaignCategoryUpdateFields>, fields: Record<string, string>) => {
  const parent = input.category_id === undefined ? row.parent : (catalogueRoots.find((root) => root.id === input.category_id) ?? { id: input.category_id, name: `Categoría ${input.category_id}` });
  return merged(row, { ...input, parent, image_url: fields.image ? `/storage/campaign-categories/${fields.image.slice(5)}` : undefined });
};

/** The campaign categories API over `campaignsDb` (`campaign.categories`), bodies read by the contract's schemas. */
export const mock: MockModule = {
  stores: [campaignCategoriesDb],
  handlers: resourceHandlers({
    path: 'v1/campaign-categories',
    list: 'v1/campaigns/:id/campaign-categories',
    spec,
    detail: false,
    rows: childRows(() => campaignsDb.campaigns, 'categories', 'id', CAMPAIGN_NOT_FOUND),
    notFound: CAMPAIGN_CATEGORY_NOT_FOUND,
    log: ({ method, id, fields }) => campaignCategoriesDb.requests.push({ method, id: id!, fields }),
    create: {
      schema: campaignCategoryFields,
      message: CAMPAIGN_CATEGORY_ANSWERS.created,
      row: (input, sent) => written(buildCampaignCategory({ campaign_id: sent.id!, description: null, image_url: null }), input, sent.fields),
    },
    update: { schema: campaignCategoryUpdateFields, message: CAMPAIGN_CATEGORY_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent.fields) },
    deletion: {
      refusal: (row) => refusalOf(row, [{ count: servicesUsing, nouns: ['servicio', 'servicios'] }]),
      deleted: CAMPAIGN_CATEGORY_ANSWERS.deleted,
    },
  }),
};
