import type { BulkBody, BulkResult } from '@contract/bulk';
import { api } from '@/shared/api';

/** The message when the server gives none. */
export const BULK_FALLBACK = 'No se pudo completar la acción';

/** `POST <list path>/bulk`: the action on the chosen records; the answer says what happened to each. */
export const actOnMany = (path: string, body: BulkBody) => api.post<BulkResult>(`${path.replace(/\/$/, '')}/bulk`, { json: body, fallback: BULK_FALLBACK });
