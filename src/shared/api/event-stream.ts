import { fetchEventSource } from '@microsoft/fetch-event-source';
import { useSessionStore } from '@/shared/auth';
import { ApiError } from './api-error';
import { API_BASE_URL, endSessionOnRefusal, refusal, type Envelope } from './client';

export interface StreamEventsOptions {
  /** Aborting it closes the stream for good. */
  signal: AbortSignal;
  /** The server accepted the stream (a 200 `text/event-stream` answer); again after each reconnection. */
  onOpen?: () => void;
  /** One named event (`event: name`) and its `data` text. Comments and unnamed messages are skipped. */
  onEvent: (event: string, data: string) => void;
  /**
   * The stream was refused (an `ApiError` with the server's status and message), could not be
   * reached or dropped (status 0). Answers the delay in ms before the next attempt, or null to stop.
   */
  onDrop: (error: ApiError) => number | null;
  /** The message of a refusal whose answer carries none. */
  fallback?: string;
}

const DROPPED = 'La conexión en vivo se interrumpió';

/**
 * Reads a server-sent events stream of the API with the session's token (EventSource cannot send
 * it), reconnecting as `onDrop` says. A 401 ends the session like any other call. Resolves once
 * the stream is closed for good: aborted, or `onDrop` gave up.
 */
export async function streamEvents(path: string, { signal, onOpen, onEvent, onDrop, fallback }: StreamEventsOptions): Promise<void> {
  const token = useSessionStore.getState().token;
  // Lower case: the library adds its own `accept` unless this one is spelled so.
  const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-language': 'es' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    await fetchEventSource(new URL(path.replace(/^\//, ''), API_BASE_URL).href, {
      signal,
      headers,
      // A hidden tab keeps its stream: what it shows stays current for when the person comes back.
      openWhenHidden: true,
      // Looked up at each call, so a test's mock server sees it. Low priority: the stream never ends,
      // so it must not compete with the screen's code and data, nor count as a request the page
      // load waits for (Lighthouse waits for every high-priority request to finish).
      fetch: (input, init) => globalThis.fetch(input, { ...init, priority: 'low' }),
      async onopen(response) {
        if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) return onOpen?.();
        endSessionOnRefusal(response.status, token !== null);
        const envelope = (await response.json().catch(() => null)) as Envelope | null;
        throw refusal(response, envelope, fallback);
      },
      onmessage(message) {
        if (message.event) onEvent(message.event, message.data);
      },
      onclose() {
        // The server ended it (a restart, a revoked session): a reconnection finds out which.
        throw new ApiError(DROPPED, 0);
      },
      onerror(error: unknown) {
        const delay = onDrop(error instanceof ApiError ? error : new ApiError(DROPPED, 0));
        if (delay === null) throw error;
        return delay;
      },
    });
  } catch {
    // onDrop gave up: it has already been told why.
  }
}
