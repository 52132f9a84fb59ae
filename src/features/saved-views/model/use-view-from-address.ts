import { SAVED_VIEW_NOT_FOUND } from '@contract/saved-view.constants';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { savedViewQueries, type SavedViewList } from '@/entities/saved-view';
import { hrefWithoutView, isBare, onlyView, viewHref, viewIdOf } from './view-address';

/**
 * The person's views of `list`, and what the address asks of them:
 * - no search parameters: the person's default view, if any (the address then shows its query);
 * - `?view={id}` alone (a copied link): that view's query;
 * - a view not among theirs (deleted, or not shared with them): the list without it, and a notice.
 * Each replaces the address, so Back does not return to the one it came from.
 */
export function useViewFromAddress(list: SavedViewList) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const search = useLocation({ select: (location) => location.searchStr });
  const navigate = useNavigate();
  const views = useQuery(savedViewQueries.list(list));

  // Opened bare, the list waits for the views to apply the default, even if the page itself fills
  // in a parameter meanwhile (bookings picks a DSP); it stops waiting once a view shows. Filters
  // cleared on the list itself are the person's choice: only the opening counts.
  const awaitingDefault = useRef<string | null>(isBare(search) ? pathname : null);
  if (viewIdOf(search) !== undefined || awaitingDefault.current !== pathname) awaitingDefault.current = null;
  // The notice is said once per address, however often the effect runs.
  const noticed = useRef<string | null>(null);

  // While the views are read again (after a save), a view just saved may not be among them yet.
  const data = views.isFetching ? undefined : views.data;
  useEffect(() => {
    if (!data) return;
    if (awaitingDefault.current === pathname) {
      const chosen = data.find((view) => view.is_default);
      // Kept until the address shows the view: a page's own replace meanwhile does not lose it.
      if (chosen) void navigate({ href: viewHref(pathname, chosen), replace: true });
      else awaitingDefault.current = null;
      return;
    }
    const id = viewIdOf(search);
    if (id === undefined) return;
    const view = data.find((candidate) => candidate.id === id);
    if (!view) {
      if (noticed.current !== pathname + search) {
        noticed.current = pathname + search;
        notifications.show({ color: 'yellow', title: 'Aviso', message: SAVED_VIEW_NOT_FOUND });
      }
      void navigate({ href: hrefWithoutView(pathname, search), replace: true });
    } else if (onlyView(search) && view.query) {
      void navigate({ href: viewHref(pathname, view), replace: true });
    }
  }, [data, navigate, pathname, search]);

  return { views, pathname, search, currentId: viewIdOf(search) };
}
