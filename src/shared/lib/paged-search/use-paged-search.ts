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
 * The one way a list page changes its URL search. A choice (a filter, a sort, a page, a tab) is a
 * history entry of its own, so Back undoes it; typing a search replaces the entry (the box calls
 * once the typing pauses), as do the corrections the list makes by itself. Changing a filter starts
 * again at page 1; a page beyond the last one (an old link, or the last rows deleted) steps back to
 * the last page. A part of the screen that only changes filters leaves `list` out.
 */
export function usePagedSearch<S extends PagedSearch>(search: S, list?: PagedList) {
  const navigate = useNavigate();
  const page = search.page ?? 1;

  const change = useCallback(
    (next: (old: S) => S, replace = false) => void navigate({ to: '.', search: next as never, replace }),
    [navigate],
  );

  /** Changes filters (not the page) and goes back to page 1. */
  const setFilters = useCallback(
    (patch: Partial<Omit<S, 'page'>>) => change((old) => ({ ...old, ...patch, page: undefined })),
    [change],
  );

  /** The search box's text (`q`), as typed: no entry of its own for each pause. */
  const setSearchText = useCallback(
    (text: string) => change((old) => ({ ...old, q: text || undefined, page: undefined }), true),
    [change],
  );

  const setPage = useCallback((next: number) => change((old) => ({ ...old, page: pageParam(next) })), [change]);
  const correctPage = useCallback((next: number) => change((old) => ({ ...old, page: pageParam(next) }), true), [change]);

  const data = list?.data;
  const placeholder = list?.isPlaceholderData ?? false;
  useEffect(() => {
    if (data && !placeholder && data.total > 0 && page > data.last_page) correctPage(data.last_page);
  }, [data, placeholder, page, correctPage]);

  /** After deleting a row: if it was the only one on a page beyond the first, show the page before. */
  const stepBackAfterDelete = useCallback(() => {
    if (data && data.data.length === 1 && page > 1) correctPage(page - 1);
  }, [data, page, correctPage]);

  return { search, page, setFilters, setSearchText, setPage, stepBackAfterDelete };
}
