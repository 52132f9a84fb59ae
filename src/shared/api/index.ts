export { ApiError, errorMessage, formFieldErrors, type FieldErrors } from './api-error';
export { DEFAULT_ERROR_MESSAGE, SESSION_EXPIRED_NOTICE, api, type DownloadedFile, type RequestOptions } from './client';
export { streamEvents, type StreamEventsOptions } from './event-stream';
export { listSearchParams, toFormData, type ListParams } from './params';
export type { Paginated } from './paginator';
