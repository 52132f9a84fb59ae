import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

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
 * True once no request of the screen is in flight and the browser has had an idle moment, and from
 * then on: the time for what the screen does not need to show its data (a dialog's code, the
 * notifications' container), so that it never competes with the screen's own request and first
 * rows on a phone. Watches the query cache itself rather than `useIsFetching`, which would render
 * the caller again on every request for as long as it lives.
 */
export function useScreenSettled(): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let cancelIdle = () => {};
    const check = () => {
      cancelIdle();
      cancelIdle = queryClient.isFetching() > 0 ? () => {} : whenIdle(() => (queryClient.isFetching() > 0 ? check() : setSettled(true)));
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [settled, queryClient]);
  return settled;
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
