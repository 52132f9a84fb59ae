import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A list query whose page reaches the screen in a deferred render. A query's answer re-renders at
 * once and in one piece (React cannot split it), and a page of cards or table rows then held a
 * phone's main thread for hundreds of ms; a deferred render is split into slices of a few ms, so
 * taps and scrolling go on while it is built. Until it is ready the screen keeps what it showed
 * (the loading state, or the previous page as a placeholder): total, rows and pager change together.
 */
export function useDeferredList<TData, TError>(list: UseQueryResult<TData, TError>): UseQueryResult<TData, TError> {
  const shown = useDeferredValue(list.data);
  if (shown === list.data) return list;
  return { ...list, data: shown, isPending: shown === undefined, isPlaceholderData: shown !== undefined } as UseQueryResult<TData, TError>;
}
