import type { DeletionCheck } from '@contract/common';
import { CAMPAIGN_CATEGORY_DEFAULT_SORT } from '@contract/campaign-category.constants';
import { api, listSearchParams, toFormData, type ListParams, type Paginated } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';
import type { CampaignCategory, CampaignCategoryPayload } from '../model/types';

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

/** Multipart updates travel as POST with `_method=PUT`. */
export const updateCampaignCategory = (id: number, payload: CampaignCategoryPayload) =>
  api.post<CampaignCategory>(`v1/campaign-categories/${id}`, {
    body: toFormData({ _method: 'PUT' }, campaignCategoryForm(payload)),
    fallback: CAMPAIGN_CATEGORY_FALLBACKS.save,
  });

export const deleteCampaignCategory = (id: number) =>
  api.delete<null>(`v1/campaign-categories/${id}`, { fallback: CAMPAIGN_CATEGORY_FALLBACKS.delete });

export const checkCampaignCategoryDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/campaign-categories/${id}/deletion`, { fallback: CAMPAIGN_CATEGORY_FALLBACKS.delete });
