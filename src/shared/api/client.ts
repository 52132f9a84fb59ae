import ky, { type Options } from 'ky';
import { useSessionStore } from '@/shared/auth';
import { ApiError, type FieldErrors } from './api-error';

/** What the sign-in page says when the server ended a session. */
export const SESSION_EXPIRED_NOTICE = 'Tu sesión expiró o fue cerrada. Inicia sesión de nuevo.';
/** The spec's default when a failed answer carries no message. */
export const DEFAULT_ERROR_MESSAGE = 'Request failed';

export type Envelope = { status?: unknown; message?: unknown; data?: unknown; errors?: unknown; request_id?: unknown };

/** Where the API answers: /api/ on the panel's own origin. */
export const API_BASE_URL = new URL('/api/', globalThis.location?.origin ?? 'http://localhost').href;

/**
 * A refused token means the session is over, wherever the call came from: the ky client and the
 * live streams both end it here. Only a call that sent the current token counts.
 */
export function endSessionOnRefusal(status: number, sentToken: boolean) {
  if (status === 401 && sentToken && useSessionStore.getState().token) useSessionStore.getState().logout(SESSION_EXPIRED_NOTICE);
}

/** The one HTTP client of the panel. */
const http = ky.create({
  prefixUrl: API_BASE_URL,
  timeout: 30_000,
  retry: 0,
  throwHttpErrors: false,
  headers: { Accept: 'application/json', 'Accept-Language': 'es' },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = useSessionStore.getState().token;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => endSessionOnRefusal(response.status, request.headers.has('Authorization')),
    ],
  },
});

export interface RequestOptions {
  /** Query parameters; see `listSearchParams` for list calls. */
  searchParams?: URLSearchParams | Record<string, string | number | boolean>;
  /** A JSON body. */
  json?: unknown;
  /** A multipart or url-encoded body. */
  body?: FormData | URLSearchParams;
  /** The message to show when the server gives none. */
  fallback?: string;
  signal?: AbortSignal;
  /** Milliseconds to wait for the answer, for a call known to take longer than the usual 30 s (an import). */
  timeout?: number;
  /**
   * The version of the record as the caller read it, sent as `If-Match`: a write is refused (409,
   * with the record as it is now) when someone changed it since. Left out, the write is not checked.
   */
  version?: number | undefined;
}

const isFieldErrors = (value: unknown): value is FieldErrors =>
  typeof value === 'object' && value !== null && Object.values(value).every(Array.isArray);

async function request(method: string, path: string, options: RequestOptions): Promise<Response> {
  const { fallback = DEFAULT_ERROR_MESSAGE, version, ...rest } = options;
  const headers = version === undefined ? undefined : { 'If-Match': `"${version}"` };
  try {
    return await http(path.replace(/^\//, ''), { method, ...(rest as Options), ...(headers ? { headers } : {}) });
  } catch {
    throw new ApiError(`${fallback}. No se pudo contactar con el servidor.`, 0);
  }
}

export const refusal = (response: Response, envelope: Envelope | null, fallback = DEFAULT_ERROR_MESSAGE) => {
  const message = typeof envelope?.message === 'string' && envelope.message ? envelope.message : fallback;
  const data = envelope?.data;
  const current = response.status === 409 && typeof data === 'object' && data !== null ? (data as { current?: unknown }).current : undefined;
  const requestId = typeof envelope?.request_id === 'string' ? envelope.request_id : (response.headers.get('x-request-id') ?? undefined);
  return new ApiError(message, response.status, isFieldErrors(envelope?.errors) ? envelope.errors : {}, current, requestId);
};

async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(method, path, options);
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!response.ok || envelope?.status !== 'success') throw refusal(response, envelope, options.fallback);
  return envelope.data as T;
}

/** A file the server answers as is (a CSV export); a failure still comes in the error envelope. */
export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), if any. */
  name: string | null;
}

async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await request('GET', path, options);
  if (!response.ok) throw refusal(response, (await response.json().catch(() => null)) as Envelope | null, options.fallback);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), name: name ? decodeURIComponent(name) : null };
}

/** Calls the API and unwraps the success envelope (or hands over a file); any failure throws an `ApiError`. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => send<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => send<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => send<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options),
  /** Downloads a file with the session's token (a plain link could not send it). */
  getFile: (path: string, options?: RequestOptions) => download(path, options),
};
