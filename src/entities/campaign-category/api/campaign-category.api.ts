import type { CampaignCategory } from '@contract/campaign-category';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { CAMPAIGN_CATEGORY_DEFAULT_SORT } from '@contract/campaign-category.constants';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { CampaignCategory };

/** What the campaign category form sends (multipart); the image only when a new one was chosen. */
export interface CampaignCategoryPayload {
  name: string;
  description: string;
  /** The linked catalogue category (a root one). */
  category_id: number;
  image?: File | null;
}

/** What staff read when a campaign category call fails without a message of its own. */
export const CAMPAIGN_CATEGORY_FALLBACKS = {
  list: 'No se pudieron cargar las categorías de la campaña',
  save: 'No se pudo guardar la categoría',
  delete: 'No se pudo eliminar',
} as const;

/** A campaign's categories (the panel asks for 100). */
export const fetchCampaignCategories = (campaignId: number, params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Paginated<CampaignCategory>>(`v1/campaigns/${campaignId}/campaign-categories`, {
    searchParams: listSearchParams({ sort: CAMPAIGN_CATEGORY_DEFAULT_SORT, limit: LOAD_LIMIT.campaignCategories, ...params }),
    fallback: CAMPAIGN_CATEGORY_FALLBACKS.list,
    signal,
  });

const campaignCategoryForm = ({ image, ...fields }: CampaignCategoryPayload) => toFormData({ ...fields, image: image ?? undefined });

export const createCampaignCategory = (campaignId: number, payload: CampaignCategoryPayload) =>
  api.post<CampaignCategory>(`v1/campaigns/${campaignId}/campaign-categories`, {
    body: campaignCategoryForm(payload),
    fallback: CAMPAIGN_CATEGORY_FALLBACKS.save,
  });

/** Multipart updates travel as POST with `_method=PUT`; `version` (the one the form opened) turns a stale save into a 409. */
export const updateCampaignCategory = (id: number, payload: CampaignCategoryPayload, version?: number) =>
  api.post<CampaignCategory>(`v1/campaign-categories/${id}`, {
    body: toFormData({ _method: 'PUT' }, campaignCategoryForm(payload)),
    fallback: CAMPAIGN_CATEGORY_FALLBACKS.save, version,
  });

export const deleteCampaignCategory = (id: number, version?: number) =>
  api.delete<DeletedRecord>(`v1/campaign-categories/${id}`, { fallback: CAMPAIGN_CATEGORY_FALLBACKS.delete, version });

export const checkCampaignCategoryDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/campaign-categories/${id}/deletion`, { fallback: CAMPAIGN_CATEGORY_FALLBACKS.delete });

const keys = entityKeys('campaign-categories');

/**
 * Query keys and options for campaign categories. The campaign page reads them from the campaign's
 * detail (`categories`), so a write invalidates that detail as well as these.
 */
export const campaignCategoryQueries = {
  ...keys,
  campaignList: (campaignId: number) =>
    queryOptions({
      queryKey: [...keys.lists(), campaignId] as const,
      queryFn: ({ signal }) => fetchCampaignCategories(campaignId, {}, signal),
    }),
  detail: (id: number) => ({ queryKey: [...keys.details(), id] as const }),
};

export const campaignCategoryDeletion: Deletion<CampaignCategory> = {
  title: 'Eliminar categoría',
  describe: (category) => ({
    before: 'Se eliminará la categoría ',
    name: category.name,
    after: ' de la campaña y su imagen. Se podrá restaurar desde el historial.',
  }),
  deleted: 'Categoría eliminada.',
  remove: deleteCampaignCategory,
  check: checkCampaignCategoryDeletion,
  queries: campaignCategoryQueries,
};
