export { ApiError, errorMessage, formFieldErrors, requestIdOf, staleRecord, type FieldErrors } from './api-error';
export type { Deletion, DeletionText } from './deletion';
export { DEFAULT_ERROR_MESSAGE, SESSION_EXPIRED_NOTICE, api, type DownloadedFile, type RequestOptions } from './client';
export { entityKeys } from './entity-keys';
export { listSearchParams, toFormData, type ListParams } from './params';
export type { Paginated } from './paginator';

import type { StreamEventsOptions } from './event-stream';

export type { StreamEventsOptions };
/**
 * Reads a server-sent events stream of the API (see event-stream.ts). Its code, and the library
 * under it, load with the first stream: the sign-in page shares this segment and never needs them.
 */
export const streamEvents = (path: string, options: StreamEventsOptions): Promise<void> =>
  import('./event-stream').then((module) => module.streamEvents(path, options));
