import type { Entitlement, EntitlementDetail, EntitlementPeriod, EntitlementStatus, EntitlementStatusFields, EntitlementStatusHistory } from '@contract/entitlement';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys, toFormData } from '@/shared/api';

export type { Entitlement, EntitlementDetail, EntitlementPeriod, EntitlementStatus, EntitlementStatusFields, EntitlementStatusHistory };

/** What creating a subscription sends: the DSP, its customer and one of its plans. */
export interface NewEntitlement {
  dsp_id: number;
  customer_id: number;
  plan_id: number;
}

/** What staff read when a subscription call fails without a message of its own. */
export const ENTITLEMENT_FALLBACKS = {
  create: 'No se pudo crear la subscripción',
  detail: 'No se pudo obtener el detalle',
  status: 'No se pudo cambiar el estado',
} as const;

/** One subscription with its plan, periods (oldest first) and status history (newest first). */
export const fetchEntitlement = (id: number, signal?: AbortSignal) =>
  api.get<EntitlementDetail>(`v1/entitlements/${id}`, { fallback: ENTITLEMENT_FALLBACKS.detail, signal });

/** Subscribes a customer of the DSP to one of its plans; it starts ACTIVE with an open period. */
export const createEntitlement = (fields: NewEntitlement) =>
  api.post<EntitlementDetail>('v1/entitlements', {
    body: toFormData({ ...fields }),
    fallback: ENTITLEMENT_FALLBACKS.create,
  });

/**
 * The new status and, optionally, why, form-encoded; the server refuses what the transition rule
 * does not allow (422), and a stale `version` (409, with the subscription as it is now).
 */
export const changeEntitlementStatus = (id: number, { status, reason }: { status: EntitlementStatus; reason?: string | null }, version?: number) => {
  const body = new URLSearchParams({ status });
  if (reason) body.set('reason', reason);
  return api.patch<EntitlementDetail>(`v1/entitlements/${id}/status`, { body, fallback: ENTITLEMENT_FALLBACKS.status, version });
};

const keys = entityKeys('entitlements');

/**
 * Query keys and options for one subscription. The subscriptions modal reads them through the
 * customer's detail (`customerQueries.detail`), which a status change updates and invalidates.
 */
export const entitlementQueries = {
  ...keys,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchEntitlement(id, signal),
    }),
};
