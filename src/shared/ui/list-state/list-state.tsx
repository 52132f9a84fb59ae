import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '@/shared/api';
import { EmptyState, type EmptyStateProps } from '../empty-state';
import { ErrorAlert } from '../error-alert';

/** What the ladder needs of a list query (a TanStack Query result fits). */
export interface ListQuery<T> {
  data?: { data: T[] };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListStateProps<T> {
  list: ListQuery<T>;
  /** Shown while the first page loads, e.g. a SkeletonGrid. */
  loading: ReactNode;
  /** The error's text when the server gives none, e.g. 'No se pudieron cargar los sponsors'. */
  errorFallback: string;
  /** Whether any filter is set: an empty answer then means "nothing matches", not "nothing yet". */
  filtered: boolean;
  /** The empty state with no filters, usually with a 'Nuevo …' action. */
  empty: EmptyStateProps;
  /** The empty state when filters match nothing. */
  emptyFiltered: EmptyStateProps;
  /** The rows, as a grid or a table. */
  children: (items: T[]) => ReactNode;
}

/**
 * The one ladder of a list: loading, then the server's error with a retry, then the empty state
 * (its text depends on whether filters are set), else the rows. A failed refresh keeps the rows
 * on screen with the error above them.
 */
export function ListState<T>({ list, loading, errorFallback, filtered, empty, emptyFiltered, children }: ListStateProps<T>) {
  const retry = () => void list.refetch();
  if (list.isPending) return loading;
  if (list.isError && !list.data) {
    return <ErrorAlert error={list.error} message={errorMessage(list.error, errorFallback)} onRetry={retry} retrying={list.isFetching} />;
  }
  const items = list.data?.data ?? [];
  if (items.length === 0) return <EmptyState {...(filtered ? emptyFiltered : empty)} />;
  if (!list.isError) return children(items);
  return (
    <Stack gap="md">
      <ErrorAlert error={list.error} message={errorMessage(list.error, errorFallback)} onRetry={retry} />
      {children(items)}
    </Stack>
  );
}
