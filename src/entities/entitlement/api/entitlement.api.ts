import { api, toFormData } from '@/shared/api';
import type { EntitlementDetail, EntitlementStatus, NewEntitlement } from '../model/types';

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

/** The new status and, optionally, why, form-encoded; the server refuses what the transition rule does not allow (422). */
export const changeEntitlementStatus = (id: number, { status, reason }: { status: EntitlementStatus; reason?: string | null }) => {
  const body = new URLSearchParams({ status });
  if (reason) body.set('reason', reason);
  return api.patch<EntitlementDetail>(`v1/entitlements/${id}/status`, { body, fallback: ENTITLEMENT_FALLBACKS.status });
};
