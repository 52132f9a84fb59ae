import ky, { type Options } from 'ky';
import { useSessionStore } from '@/shared/auth';
import { ApiError, type FieldErrors } from './api-error';

/** What the sign-in page says when the server ended a session. */
export const SESSION_EXPIRED_NOTICE = 'Tu sesión expiró o fue cerrada. Inicia sesión de nuevo.';
/** The spec's default when a failed answer carries no message. */
export const DEFAULT_ERROR_MESSAGE = 'Request failed';

type Envelope = { status?: unknown; message?: unknown; data?: unknown; errors?: unknown };

/** The one HTTP client of the panel. */
const http = ky.create({
  prefixUrl: new URL('/api/', globalThis.location?.origin ?? 'http://localhost').href,
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
      (request, _options, response) => {
        // A refused token means the session is over, wherever the call came from.
        if (response.status === 401 && request.headers.has('Authorization') && useSessionStore.getState().token) {
          useSessionStore.getState().logout(SESSION_EXPIRED_NOTICE);
        }
      },
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
  /** The message to show when the server gives none (spec section 8). */
  fallback?: string;
  signal?: AbortSignal;
}

const isFieldErrors = (value: unknown): value is FieldErrors =>
  typeof value === 'object' && value !== null && Object.values(value).every(Array.isArray);

async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { fallback = DEFAULT_ERROR_MESSAGE, ...rest } = options;
  let response: Response;
  try {
    response = await http(path.replace(/^\//, ''), { method, ...(rest as Options) });
  } catch {
    throw new ApiError(`${fallback}. No se pudo contactar con el servidor.`, 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!response.ok || envelope?.status !== 'success') {
    const message = typeof envelope?.message === 'string' && envelope.message ? envelope.message : fallback;
    throw new ApiError(message, response.status, isFieldErrors(envelope?.errors) ? envelope.errors : {});
  }
  return envelope.data as T;
}

/** Calls the API and unwraps the success envelope; any failure throws an `ApiError`. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => send<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => send<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => send<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options),
};
