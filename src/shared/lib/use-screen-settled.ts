import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The longest a settled screen waits for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

/** Calls back when the browser has nothing more urgent to do (a timer where it cannot say); answers the cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 0);
  return () => window.clearTimeout(id);
}

/**
 * Everyone of one QueryClient waiting for the screen to settle, behind a single query-cache
 * subscription: a list with a history button per row has a score of waiters, and each cache event
 * (every request's start and end) would otherwise wake them all.
 */
class SettleWatch {
  private readonly waiting = new Set<() => void>();
  private stop: (() => void) | null = null;

  constructor(private readonly queryClient: QueryClient) {}

  /** Calls `onSettled` once, at the next moment with no request in flight and an idle browser; answers the cancel. */
  wait(onSettled: () => void): () => void {
    this.waiting.add(onSettled);
    this.stop ??= this.watch();
    return () => {
      this.waiting.delete(onSettled);
      if (this.waiting.size === 0) this.end();
    };
  }

  private watch(): () => void {
    let cancelIdle = () => {};
    const check = () => {
      cancelIdle();
      cancelIdle = this.queryClient.isFetching() > 0 ? () => {} : whenIdle(() => (this.queryClient.isFetching() > 0 ? check() : this.settle()));
    };
    const unsubscribe = this.queryClient.getQueryCache().subscribe(check);
    check();
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }

  private settle() {
    const settled = [...this.waiting];
    this.waiting.clear();
    this.end();
    for (const onSettled of settled) onSettled();
  }

  private end() {
    this.stop?.();
    this.stop = null;
  }
}

const watches = new WeakMap<QueryClient, SettleWatch>();
const settleWatchOf = (queryClient: QueryClient) => {
  let watch = watches.get(queryClient);
  if (!watch) watches.set(queryClient, (watch = new SettleWatch(queryClient)));
  return watch;
};

/**
 * True once no request of the screen is in flight and the browser has had an idle moment, and from
 * then on: the time for what the screen does not need to show its data (a dialog's code, the
 * notifications' container), so that it never competes with the screen's own request and first
 * rows on a phone. Watches the query cache itself rather than `useIsFetching`, which would render
 * the caller again on every request for as long as it lives.
 */
export function useScreenSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useWhenScreenSettled(settled ? null : () => setSettled(true));
  return settled;
}

/**
 * Runs `work` once the screen has settled (as `useScreenSettled` tells it), without rendering the
 * caller again: for work that shows nothing, such as fetching code ahead of a click, in a
 * component a list repeats. `null` waits for nothing.
 */
export function useWhenScreenSettled(work: (() => void) | null): void {
  const queryClient = useQueryClient();
  const latest = useRef(work);
  latest.current = work;
  const waiting = work !== null;
  useEffect(() => (waiting ? settleWatchOf(queryClient).wait(() => latest.current?.()) : undefined), [waiting, queryClient]);
}

/**
 * For what a screen needs only on request, such as a filter's options: wanted once the screen has
 * settled, or at once when `needed` (a value is chosen, and its label must show) or when asked for
 * (`want`, as the dropdown opens). A phone then spends the screen's first seconds on its list.
 */
export function useWantedOnceSettled(needed: boolean): { wanted: boolean; want: () => void } {
  const settled = useScreenSettled();
  const [asked, setAsked] = useState(false);
  const want = useCallback(() => setAsked(true), []);
  return { wanted: settled || needed || asked, want };
}
