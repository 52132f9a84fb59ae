import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';

/** A list's URL search: any filters, and the page (page 1 stays out of the URL). */
export interface PagedSearch {
  page?: number;
}

/** What the hook needs of the list query: the server's answer and whether it is a previous page's. */
export interface PagedList {
  data?: { data: readonly unknown[]; total: number; last_page: number };
  isPlaceholderData: boolean;
}

const pageParam = (page: number) => (page > 1 ? page : undefined);

/**
 * The one way a list page changes its URL search. Every change replaces the history entry, so
 * typing a search or paging leaves no trail for Back; changing a filter starts again at page 1;
 * a page beyond the last one (an old link, or the last rows deleted) steps back to the last page.
 * A part of the screen that only changes filters (a filter row beside the list) leaves `list` out.
 */
export function usePagedSearch<S extends PagedSearch>(search: S, list?: PagedList) {
  const navigate = useNavigate();
  const page = search.page ?? 1;

  const replace = useCallback(
    (next: (old: S) => S) => void navigate({ to: '.', search: next as never, replace: true }),
    [navigate],
  );

  /** Changes filters (not the page) and goes back to page 1. */
  const setFilters = useCallback(
    (patch: Partial<Omit<S, 'page'>>) => replace((old) => ({ ...old, ...patch, page: undefined })),
    [replace],
  );

  const setPage = useCallback((next: number) => replace((old) => ({ ...old, page: pageParam(next) })), [replace]);

  const data = list?.data;
  const placeholder = list?.isPlaceholderData ?? false;
  useEffect(() => {
    if (data && !placeholder && data.total > 0 && page > data.last_page) setPage(data.last_page);
  }, [data, placeholder, page, setPage]);

  /** After deleting a row: if it was the only one on a page beyond the first, show the page before. */
  const stepBackAfterDelete = useCallback(() => {
    if (data && data.data.length === 1 && page > 1) setPage(page - 1);
  }, [data, page, setPage]);

  return { search, page, setFilters, setPage, stepBackAfterDelete };
}
