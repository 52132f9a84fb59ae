import type { Plan, PlanStatus } from '@contract/plan';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { PLAN_DEFAULT_SORT } from '@contract/plan.constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';

export type { Plan, PlanStatus };

/**
 * What the plan wizard sends (multipart). Text travels as typed (the server normalises the price and
 * trims); an empty optional field clears it on update; files only when a new one was chosen.
 */
export interface PlanPayload {
  name: string;
  description: string;
  /** As typed: '30.000', '30,99', '$ 1.250.000'; empty clears it. */
  price: string;
  status: PlanStatus;
  /** One per line. */
  inclusions: string;
  exclusions: string;
  commitment_months: number;
  /** Empty clears it. */
  trial_days: number | '';
  auto_renew: boolean;
  /** Text or JSON. */
  meta: string;
  apolo_code_ref: string;
  /** The base plan when this plan is an upgrade; empty when it is not. */
  plan_id: number | '';
  image?: File | null;
  document?: File | null;
}

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

/** Multipart updates travel as POST with `_method=PUT`; `version` (the one the form opened) turns a stale save into a 409. */
export const updatePlan = (id: number, payload: PlanPayload, version?: number) =>
  api.post<Plan>(`v1/plans/${id}`, { body: toFormData({ _method: 'PUT' }, planForm(payload)), fallback: PLAN_FALLBACKS.save, version });

export const deletePlan = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/plans/${id}`, { fallback: PLAN_FALLBACKS.delete, version });

/** Whether the plan can be deleted now and, if not, why (its upgrades, its services). */
export const checkPlanDeletion = (id: number) => api.get<DeletionCheck>(`v1/plans/${id}/deletion`, { fallback: PLAN_FALLBACKS.delete });

const keys = entityKeys('plans');

/**
 * Query keys and options for plans. The campaign page reads its plans from the campaign's detail,
 * so a plan write invalidates that detail as well as `lists()` and the plan's `detail`.
 */
export const planQueries = {
  ...keys,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchPlans(params, signal),
      placeholderData: keepPreviousData,
    }),
  campaignList: (campaignId: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.lists(), 'campaign', campaignId, params] as const,
      queryFn: ({ signal }) => fetchCampaignPlans(campaignId, params, signal),
    }),
  detail: (id: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.details(), id, params] as const,
      queryFn: ({ signal }) => fetchPlan(id, params, signal),
    }),
};

/** A plan with services or upgrades cannot go: the check says which, before anything is typed. */
export const planDeletion: Deletion<Plan> = {
  title: 'Eliminar plan',
  describe: (plan) => ({
    before: 'Se eliminará el plan ',
    name: plan.name,
    after: ', su imagen y su PDF. Se podrá restaurar desde el historial.',
  }),
  deleted: 'Plan eliminado.',
  remove: deletePlan,
  check: checkPlanDeletion,
  queries: planQueries,
};
