import type { Campaign, CampaignPlan, CampaignStatus } from '@contract/campaign';
import { CAMPAIGN_DETAIL_INCLUDES } from '@contract/campaign.constants';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LOAD_LIMIT } from '@/shared/config';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';

export type { Campaign, CampaignPlan, CampaignStatus };

/** What the campaign form sends (multipart): the image only when a new file was chosen. */
export interface CampaignPayload {
  name: string;
  description: string;
  status: CampaignStatus;
  sponsor_id: number;
  country_id: number;
  /** 'YYYY-MM-DD'; empty clears it. */
  start_date: string;
  end_date: string;
  /** Empty clears it. */
  budget: number | '';
  image?: File | null;
}

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

/** Multipart updates travel as POST with `_method=PUT`; `version` (the one the form opened) turns a stale save into a 409. */
export const updateCampaign = (id: number, payload: CampaignPayload, version?: number) =>
  api.post<Campaign>(`v1/campaigns/${id}`, { body: toFormData({ _method: 'PUT' }, campaignForm(payload)), fallback: CAMPAIGN_FALLBACKS.update, version });

export const deleteCampaign = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/campaigns/${id}`, { fallback: CAMPAIGN_FALLBACKS.delete, version });

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

const keys = entityKeys('campaigns');

/** Query keys and options for campaigns; writes invalidate `lists()` and the campaign's `detail`. */
export const campaignQueries = {
  ...keys,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchCampaigns(params, signal),
      placeholderData: keepPreviousData,
    }),
  /** One campaign with sponsor, country, categories and plans (with their services and parent). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchCampaign(id, signal),
    }),
  /** The campaigns matching `q` (the first 300 by name without it) with their sponsor, for filters; part of `lists()`, so writes refresh it. */
  options: (q = '') =>
    queryOptions({
      queryKey: [...keys.lists(), 'options', { q }] as const,
      queryFn: ({ signal }) => fetchCampaignOptions({ q }, signal),
    }),
  /** One sponsor's campaigns (id and name), for a cascading select; part of `lists()`. */
  sponsorOptions: (sponsorId: number) =>
    queryOptions({
      queryKey: [...keys.lists(), 'options', { sponsorId }] as const,
      queryFn: ({ signal }) => fetchCampaignOptions({ sponsorId }, signal),
    }),
};

export const campaignDeletion: Deletion<Campaign> = {
  title: 'Eliminar campaña',
  describe: (campaign) => ({
    before: 'Se eliminará la campaña ',
    name: campaign.name,
    after: ' y su imagen. Se podrá restaurar desde el historial.',
  }),
  deleted: 'Campaña eliminada.',
  remove: deleteCampaign,
  check: checkCampaignDeletion,
  queries: campaignQueries,
};
