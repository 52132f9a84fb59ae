import type { DeletionCheck } from '@contract/common';
import { PLAN_DEFAULT_SORT } from '@contract/plan.constants';
import { api, listSearchParams, toFormData, type ListParams, type Paginated } from '@/shared/api';
import type { Plan, PlanPayload } from '../model/types';

/** What staff read when a plan call fails without a message of its own. */
export const PLAN_FALLBACKS = {
  list: 'No se pudieron cargar los planes',
  reload: 'No se pudieron recargar los planes',
  load: 'No se pudo cargar el plan',
  save: 'No se pudo guardar el plan',
  delete: 'No se pudo eliminar',
} as const;

/** Every campaign's plans (filters q, status, campaign_id; includes campaign, parent, services). */
export const fetchPlans = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Plan>>('v1/plans', { searchParams: listSearchParams({ sort: PLAN_DEFAULT_SORT, ...params }), fallback: PLAN_FALLBACKS.list, signal });

/** One campaign's plans. */
export const fetchCampaignPlans = (campaignId: number, params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Plan>>(`v1/campaigns/${campaignId}/plans`, {
    searchParams: listSearchParams({ sort: PLAN_DEFAULT_SORT, ...params }),
    fallback: PLAN_FALLBACKS.reload,
    signal,
  });

export const fetchPlan = (id: number, params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Plan>(`v1/plans/${id}`, { searchParams: listSearchParams(params), fallback: PLAN_FALLBACKS.load, signal });

const planForm = ({ image, document, ...fields }: PlanPayload) => toFormData({ ...fields, image: image ?? undefined, document: document ?? undefined });

export const createPlan = (campaignId: number, payload: PlanPayload) =>
  api.post<Plan>(`v1/campaigns/${campaignId}/plans`, { body: planForm(payload), fallback: PLAN_FALLBACKS.save });

/** Multipart updates travel as POST with `_method=PUT`. */
export const updatePlan = (id: number, payload: PlanPayload) =>
  api.post<Plan>(`v1/plans/${id}`, { body: toFormData({ _method: 'PUT' }, planForm(payload)), fallback: PLAN_FALLBACKS.save });

export const deletePlan = (id: number) => api.delete<null>(`v1/plans/${id}`, { fallback: PLAN_FALLBACKS.delete });

/** Whether the plan can be deleted now and, if not, why (its upgrades, its services). */
export const checkPlanDeletion = (id: number) => api.get<DeletionCheck>(`v1/plans/${id}/deletion`, { fallback: PLAN_FALLBACKS.delete });
