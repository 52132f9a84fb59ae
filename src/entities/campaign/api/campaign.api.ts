import { CAMPAIGN_DETAIL_INCLUDES } from '@contract/campaign.constants';
import type { DeletionCheck } from '@contract/common';
import { LOAD_LIMIT } from '@/shared/config';
import { api, listSearchParams, toFormData, type ListParams, type Paginated } from '@/shared/api';
import type { Campaign, CampaignPayload } from '../model/types';

/** What staff read when a campaign call fails without a message of its own. */
export const CAMPAIGN_FALLBACKS = {
  list: 'No se pudieron cargar las campañas',
  create: 'No se pudo crear la campaña',
  update: 'No se pudo actualizar la campaña',
  delete: 'No se pudo eliminar la campaña',
  load: 'No se pudo cargar la campaña',
} as const;

export const fetchCampaigns = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Campaign>>('v1/campaigns', { searchParams: listSearchParams(params), fallback: CAMPAIGN_FALLBACKS.list, signal });

export const fetchCampaign = (id: number, signal?: AbortSignal) =>
  api.get<Campaign>(`v1/campaigns/${id}`, {
    searchParams: listSearchParams({ include: [...CAMPAIGN_DETAIL_INCLUDES] }),
    fallback: CAMPAIGN_FALLBACKS.load,
    signal,
  });

const campaignForm = ({ image, ...fields }: CampaignPayload) => toFormData({ ...fields, image: image ?? undefined });

export const createCampaign = (payload: CampaignPayload) =>
  api.post<Campaign>('v1/campaigns', { body: campaignForm(payload), fallback: CAMPAIGN_FALLBACKS.create });

/** Multipart updates travel as POST with `_method=PUT`. */
export const updateCampaign = (id: number, payload: CampaignPayload) =>
  api.post<Campaign>(`v1/campaigns/${id}`, { body: toFormData({ _method: 'PUT' }, campaignForm(payload)), fallback: CAMPAIGN_FALLBACKS.update });

export const deleteCampaign = (id: number) => api.delete<null>(`v1/campaigns/${id}`, { fallback: CAMPAIGN_FALLBACKS.delete });

/** Whether the record can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkCampaignDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/campaigns/${id}/deletion`, { fallback: CAMPAIGN_FALLBACKS.delete });

/** A campaign as a select offers it: its sponsor tells apart the many campaigns that share a name. */
export type CampaignOption = Pick<Campaign, 'id' | 'name' | 'sponsor_id' | 'sponsor'>;

/** The campaigns matching `q` (all without it; or one sponsor's), with their sponsor, for a selector (300 at most), by name. */
export const fetchCampaignOptions = async ({ q, sponsorId }: { q?: string; sponsorId?: number }, signal?: AbortSignal) =>
  (
    await api.get<Paginated<CampaignOption>>('v1/campaigns', {
      searchParams: listSearchParams({
        sort: 'name',
        fields: ['id', 'name', 'sponsor_id'],
        include: sponsorId === undefined ? ['sponsor'] : undefined,
        limit: LOAD_LIMIT.dropdown,
        filter: { q, sponsor_id: sponsorId },
      }),
      fallback: CAMPAIGN_FALLBACKS.list,
      signal,
    })
  ).data;
