import type { BookingStreamEvent } from '@contract/booking';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_NOTICE } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { apiUrl } from '../../../../tests/msw/envelope';
import { server } from '../../../../tests/msw/server';
import { BOOKING_HIGHLIGHT_MS, useBookingStream } from './booking-stream';
import { bookingQueries } from './booking.api';

const DSP = 7;
const encoder = new TextEncoder();

/** One stream the mock server opened: what was asked, and the hand that writes to it. */
interface OpenedStream {
  request: Request;
  send(text: string): void;
  end(): void;
}

/**
 * The stream route of the mock server: each request is answered by the next of `answers`
 * ('stream' opens one that stays open; a number refuses with that status), the last one repeating.
 */
function mockStream(answers: ('stream' | number)[] = ['stream']) {
  const opened: OpenedStream[] = [];
  let calls = 0;
  server.use(
    http.get(apiUrl('v1/dsps/:dspId/bookings/stream'), ({ request }) => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      if (answer !== 'stream') return HttpResponse.json({ status: 'error', message: `Rechazado ${answer}` }, { status: answer });
      let writer!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          writer = controller;
          controller.enqueue(encoder.encode(`retry: 2000\n\nevent: ready\ndata: {"dsp_id":${DSP}}\n\n`));
        },
      });
      let ended = false;
      opened.push({
        request,
        send: (text) => writer.enqueue(encoder.encode(text)),
        end: () => {
          if (ended) return;
          ended = true;
          writer.close();
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return { opened, calls: () => calls };
}

const bookingEvent = (event: BookingStreamEvent) => `event: booking\ndata: ${JSON.stringify(event)}\n\n`;

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** Cached queries the stream may invalidate, none of them on screen (so nothing refetches). */
const KEYS = {
  list: bookingQueries.list(DSP, { page: 3, filter: { q: 'ana' } }).queryKey,
  summary: bookingQueries.summary(DSP, { q: 'ana' }).queryKey,
  stats: bookingQueries.stats(DSP).queryKey,
  otherStats: bookingQueries.stats(DSP + 1).queryKey,
  detail: bookingQueries.detail(41).queryKey,
  otherDetail: bookingQueries.detail(42).queryKey,
  dsps: bookingQueries.dsps().queryKey,
} satisfies Record<string, QueryKey>;
const CACHED = { cached: true };
const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of Object.values(KEYS)) queryClient.setQueryData<unknown>(key as QueryKey, CACHED);
  useSessionStore.setState({ token: 'token-de-prueba' });
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('useBookingStream', () => {
  it('opens the DSP stream with the session token and reports it live', async () => {
    const stream = mockStream();
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    expect(result.current.state).toBe('connecting');
    await waitFor(() => expect(result.current.state).toBe('live'));
    expect(stream.opened[0]!.request.headers.get('Authorization')).toBe('Bearer token-de-prueba');
    expect(stream.opened[0]!.request.headers.get('Accept')).toBe('text/event-stream');
    expect(result.current.recentlyChanged.size).toBe(0);
    unmount();
  });

  it('refetches the lists, totals, chart and detail of a changed booking and highlights it, which fades', async () => {
    const stream = mockStream();
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('live'));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    act(() => stream.opened[0]!.send(bookingEvent({ id: 41, dsp_id: DSP, kind: 'status', status: 'CONFIRMED' })));
    await waitFor(() => expect(result.current.recentlyChanged).toEqual(new Set([41])));
    expect(invalidated(KEYS.list)).toBe(true);
    expect(invalidated(KEYS.summary)).toBe(true);
    expect(invalidated(KEYS.stats)).toBe(true);
    expect(invalidated(KEYS.detail)).toBe(true);
    // Nothing else is asked for again.
    expect(invalidated(KEYS.otherStats)).toBe(false);
    expect(invalidated(KEYS.otherDetail)).toBe(false);
    expect(invalidated(KEYS.dsps)).toBe(false);
    // The page, filters and scroll are the list's: its cached entry is kept, only marked stale.
    expect(queryClient.getQueryData<unknown>(KEYS.list as QueryKey)).toBe(CACHED);

    act(() => vi.advanceTimersByTime(BOOKING_HIGHLIGHT_MS - 500));
    expect(result.current.recentlyChanged.has(41)).toBe(true);
    act(() => vi.advanceTimersByTime(600));
    expect(result.current.recentlyChanged.size).toBe(0);
    expect(result.current.state).toBe('live');
    unmount();
  });

  it('skips a booking event that is not JSON or names no booking, and keeps listening', async () => {
    const stream = mockStream();
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('live'));
    for (const data of ['{"id":', 'null', '"41"', '{"id":"41"}', '{"id":0}', '{"id":4.5}', '{"dsp_id":7}']) {
      act(() => stream.opened[0]!.send(`event: booking\ndata: ${data}\n\n`));
    }
    act(() => stream.opened[0]!.send(bookingEvent({ id: 42, dsp_id: DSP, kind: 'created', status: 'PENDING' })));
    await waitFor(() => expect(result.current.recentlyChanged).toEqual(new Set([42])));
    // Only the valid event's booking: none of the lines before it was read as 41.
    expect(invalidated(KEYS.detail)).toBe(false);
    expect(invalidated(KEYS.otherDetail)).toBe(true);
    expect(result.current.state).toBe('live');
    unmount();
  });

  it('refetches every bookings query on a resync', async () => {
    const stream = mockStream();
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('live'));
    act(() => stream.opened[0]!.send('event: resync\ndata: {}\n\n'));
    await waitFor(() => expect(invalidated(KEYS.otherDetail)).toBe(true));
    expect(invalidated(KEYS.otherStats)).toBe(true);
    expect(invalidated(KEYS.dsps)).toBe(false);
    unmount();
  });

  it('reconnects after the stream drops, and then refetches what it may have missed', async () => {
    const stream = mockStream();
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('live'));
    act(() => stream.opened[0]!.end());
    await waitFor(() => expect(result.current.state).toBe('reconnecting'));
    expect(invalidated(KEYS.otherDetail)).toBe(false);
    // The first retry comes after about a second.
    await waitFor(() => expect(result.current.state).toBe('live'), { timeout: 3_000 });
    expect(stream.calls()).toBe(2);
    expect(invalidated(KEYS.otherDetail)).toBe(true);
    expect(invalidated(KEYS.list)).toBe(true);
    // And the new stream is the one heard.
    act(() => stream.opened[1]!.send(bookingEvent({ id: 42, dsp_id: DSP, kind: 'created', status: 'PENDING' })));
    await waitFor(() => expect(result.current.recentlyChanged.has(42)).toBe(true));
    unmount();
  });

  it('keeps retrying while the server cannot be reached, and reports failed after a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const stream = mockStream([503]);
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('reconnecting'));
    for (let second = 0; second < 35 && result.current.state !== 'failed'; second += 1) {
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
    }
    expect(result.current.state).toBe('failed');
    expect(result.current.message).toMatch(/No se pudo conectar con las actualizaciones en vivo/);
    expect(stream.calls()).toBeGreaterThan(3);
    // It still tries, slowly, and comes back to live when the server does.
    server.resetHandlers();
    const back = mockStream();
    await act(async () => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() => expect(result.current.state).toBe('live'));
    expect(back.calls()).toBe(1);
    expect(result.current.message).toBeNull();
    unmount();
  });

  it("is 'failed' with the server's message when the DSP is not visible (404), without retrying", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const stream = mockStream([404, 'stream']);
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(result.current.message).toBe('Rechazado 404');
    await act(async () => vi.advanceTimersByTimeAsync(15_000));
    expect(stream.calls()).toBe(1);
    expect(result.current.state).toBe('failed');
    unmount();
  });

  it('ends the session like any other call when the token is refused (401)', async () => {
    mockStream([401]);
    const { result, unmount } = renderHook(() => useBookingStream(DSP), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().notice).toBe(SESSION_EXPIRED_NOTICE);
    unmount();
  });

  it('closes the stream on unmount and on a change of DSP, and opens none without a DSP', async () => {
    const stream = mockStream();
    const { result, rerender, unmount } = renderHook(({ dsp }: { dsp: number | null }) => useBookingStream(dsp), {
      wrapper,
      initialProps: { dsp: DSP as number | null },
    });
    await waitFor(() => expect(result.current.state).toBe('live'));
    rerender({ dsp: DSP + 1 });
    await waitFor(() => expect(stream.opened[0]!.request.signal.aborted).toBe(true));
    await waitFor(() => expect(stream.calls()).toBe(2));
    expect(new URL(stream.opened[1]!.request.url).pathname).toBe(`/api/v1/dsps/${DSP + 1}/bookings/stream`);
    await waitFor(() => expect(result.current.state).toBe('live'));
    rerender({ dsp: null });
    await waitFor(() => expect(stream.opened[1]!.request.signal.aborted).toBe(true));
    expect(stream.calls()).toBe(2);
    unmount();
  });
});
