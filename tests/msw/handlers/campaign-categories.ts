import {
  CAMPAIGN_CATEGORY_ANSWERS,
  CAMPAIGN_CATEGORY_MESSAGES,
  CAMPAIGN_CATEGORY_NOT_FOUND,
  CAMPAIGN_CATEGORY_PAGE_SIZE,
  campaignCategory as campaignCategorySchema,
  campaignCategoryFields,
  type CampaignCategory,
} from '@contract/campaign-category';
import { CAMPAIGN_NOT_FOUND } from '@contract/campaign';
import type { CategoryRef } from '@contract/category';
import { cannotDelete } from '@contract/messages';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, checked, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
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
    },
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

export const formFields = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

/** The zod issues of a refused body, as the server's 422 lists them. */
export const issuesByField = (error: z.ZodError) => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
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

/** The server's checks on a body: its fields, and a catalogue category that is a root. */
const validate = (fields: Record<string, string>, partial: boolean) => {
  const parsed = (partial ? campaignCategoryFields.partial() : campaignCategoryFields).safeParse(fields);
  if (!parsed.success) return { errors: issuesByField(parsed.error) };
  const parent = parsed.data.category_id === undefined ? undefined : catalogueRoots.find((root) => root.id === parsed.data.category_id);
  if (parsed.data.category_id !== undefined && !parent) return { errors: { category_id: [CAMPAIGN_CATEGORY_MESSAGES.categoryNotRoot] } };
  return { data: parsed.data, parent };
};

/** The campaign categories API over `campaignsDb`, with the server's checks and messages. */
export const campaignCategoryHandlers = [
  http.get(apiUrl('v1/campaigns/:id/campaign-categories'), ({ request, params }) => {
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === Number(params.id));
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    return listAnswer(campaignCategorySchema, campaign.categories ?? [], new URL(request.url), CAMPAIGN_CATEGORY_PAGE_SIZE);
  }),
  http.post(apiUrl('v1/campaigns/:id/campaign-categories'), async ({ request, params }) => {
    const fields = await formFields(request);
    campaignCategoriesDb.requests.push({ method: 'create', id: Number(params.id), fields });
    const campaign = campaignsDb.campaigns.find((candidate) => candidate.id === Number(params.id));
    if (!campaign) return fail(404, CAMPAIGN_NOT_FOUND);
    const result = validate(fields, false);
    if (result.errors) return invalid(result.errors);
    const category = buildCampaignCategory({
      campaign_id: campaign.id,
      name: result.data.name,
      description: result.data.description ?? null,
      parent: result.parent,
      category_id: result.parent!.id,
      image_url: fields.image ? `/storage/campaign-categories/${fields.image.slice(5)}` : null,
    });
    campaign.categories = [...(campaign.categories ?? []), category];
    return answer(campaignCategorySchema, category, CAMPAIGN_CATEGORY_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/campaign-categories/:id'), async ({ request, params }) => {
    const fields = await formFields(request);
    campaignCategoriesDb.requests.push({ method: 'update', id: Number(params.id), fields });
    const found = findCategory(Number(params.id));
    if (!found) return fail(404, CAMPAIGN_CATEGORY_NOT_FOUND);
    const result = validate(fields, true);
    if (result.errors) return invalid(result.errors);
    const updated: CampaignCategory = {
      ...found.category,
      name: result.data.name ?? found.category.name,
      description: 'description' in fields ? (result.data.description ?? null) : found.category.description,
      ...(result.parent ? { parent: result.parent, category_id: result.parent.id } : {}),
      image_url: fields.image ? `/storage/campaign-categories/${fields.image.slice(5)}` : found.category.image_url,
    };
    found.campaign.categories![found.index] = updated;
    return answer(campaignCategorySchema, updated, CAMPAIGN_CATEGORY_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/campaign-categories/:id/deletion'), ({ params }) => {
    const found = findCategory(Number(params.id));
    if (!found) return fail(404, CAMPAIGN_CATEGORY_NOT_FOUND);
    const using = servicesUsing(found.campaign.id, found.category.id);
    return deletionAnswer(using > 0 ? cannotDelete(using, 'servicio', 'servicios') : null);
  }),
  http.delete(apiUrl('v1/campaign-categories/:id'), ({ params }) => {
    const found = findCategory(Number(params.id));
    if (!found) return fail(404, CAMPAIGN_CATEGORY_NOT_FOUND);
    const using = servicesUsing(found.campaign.id, found.category.id);
    if (using > 0) return fail(409, cannotDelete(using, 'servicio', 'servicios'));
    found.campaign.categories = found.campaign.categories!.filter((category) => category !== found.category);
    return answer(z.null(), null, CAMPAIGN_CATEGORY_ANSWERS.deleted);
  }),
];
