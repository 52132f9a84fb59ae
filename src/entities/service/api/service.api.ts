import type { DeletionCheck } from '@contract/common';
import { api, listSearchParams, toFormData, type ListParams, type Paginated } from '@/shared/api';
import type { Service, ServicePayload } from '../model/types';

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

/** Multipart updates travel as POST with `_method=PUT`. */
export const updateService = (id: number, payload: ServicePayload) =>
  api.post<Service>(`v1/services/${id}`, { body: toFormData({ _method: 'PUT' }, serviceForm(payload)), fallback: SERVICE_FALLBACKS.save });

export const deleteService = (id: number) => api.delete<null>(`v1/services/${id}`, { fallback: SERVICE_FALLBACKS.delete });

export const checkServiceDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/services/${id}/deletion`, { fallback: SERVICE_FALLBACKS.delete });

/** Every campaign's services (filters q, is_active, category_id, plan_id, campaign_id; includes category, plan, campaign). */
export const fetchServices = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Service>>('v1/services', { searchParams: listSearchParams(params), fallback: SERVICE_FALLBACKS.list, signal });
