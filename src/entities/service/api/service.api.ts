import type { EventPeriod, Service } from '@contract/service';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';

export type { EventPeriod, Service };

/**
 * What the service form sends (multipart). The plan comes from the path on create and never
 * changes; an empty optional field clears it on update; the image only when a new one was chosen.
 */
export interface ServicePayload {
  name: string;
  description: string;
  /** Empty when the coverage is unlimited. */
  coverage_amount: number | '';
  unlimited_coverage: boolean;
  /** Empty when the events are unlimited. */
  event_limit: number | '';
  unlimited_events: boolean;
  event_period: EventPeriod | '';
  inclusions: string;
  exclusions: string;
  is_active: boolean;
  /** The campaign category; empty for none. */
  category_id: number | '';
  /** Trimmed; left out when empty on create. */
  apolo_code_ref?: string;
  /** Text or JSON. */
  meta: string;
  image?: File | null;
}

/** What staff read when a service call fails without a message of its own. */
export const SERVICE_FALLBACKS = {
  list: 'No se pudieron cargar los servicios',
  save: 'No se pudo guardar el servicio',
  delete: 'No se pudo eliminar',
} as const;

/** One plan's services (the panel asks for 100). */
export const fetchPlanServices = (planId: number, params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Service>>(`v1/plans/${planId}/services`, { searchParams: listSearchParams(params), fallback: SERVICE_FALLBACKS.list, signal });

export const fetchService = (id: number, params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Service>(`v1/services/${id}`, { searchParams: listSearchParams(params), fallback: SERVICE_FALLBACKS.list, signal });

const serviceForm = ({ image, ...fields }: ServicePayload) => toFormData({ ...fields, image: image ?? undefined });

export const createService = (planId: number, payload: ServicePayload) =>
  api.post<Service>(`v1/plans/${planId}/services`, { body: serviceForm(payload), fallback: SERVICE_FALLBACKS.save });

/** Multipart updates travel as POST with `_method=PUT`; `version` (the one the form opened) turns a stale save into a 409. */
export const updateService = (id: number, payload: ServicePayload, version?: number) =>
  api.post<Service>(`v1/services/${id}`, { body: toFormData({ _method: 'PUT' }, serviceForm(payload)), fallback: SERVICE_FALLBACKS.save, version });

export const deleteService = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/services/${id}`, { fallback: SERVICE_FALLBACKS.delete, version });

export const checkServiceDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/services/${id}/deletion`, { fallback: SERVICE_FALLBACKS.delete });

/** Every campaign's services (filters q, is_active, category_id, plan_id, campaign_id; includes category, plan, campaign). */
export const fetchServices = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Service>>('v1/services', { searchParams: listSearchParams(params), fallback: SERVICE_FALLBACKS.list, signal });

const keys = entityKeys('services');

/**
 * Query keys and options for services. The campaign page reads them from the campaign's detail
 * (`plans.services`), so a service write invalidates that detail as well as these.
 */
export const serviceQueries = {
  ...keys,
  planList: (planId: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.lists(), 'plan', planId, params] as const,
      queryFn: ({ signal }) => fetchPlanServices(planId, params, signal),
    }),
  detail: (id: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.details(), id, params] as const,
      queryFn: ({ signal }) => fetchService(id, params, signal),
    }),
  /** Every campaign's services (the services page), keeping the previous page on screen while the next loads. */
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), 'every', params] as const,
      queryFn: ({ signal }) => fetchServices(params, signal),
      placeholderData: keepPreviousData,
    }),
};

export const serviceDeletion: Deletion<Service> = {
  title: 'Eliminar servicio',
  describe: (service) => ({
    before: 'Se eliminará el servicio ',
    name: service.name,
    after: ' y su imagen. Se podrá restaurar desde el historial.',
  }),
  deleted: 'Servicio eliminado.',
  remove: deleteService,
  check: checkServiceDeletion,
  queries: serviceQueries,
};
