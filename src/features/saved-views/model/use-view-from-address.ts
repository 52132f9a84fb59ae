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

  // What the address asked for when the list opened: its default (no parameters) or a link's view
  // (`?view=` alone). It is answered once the views arrive, even if the page filled in a parameter
  // meanwhile (bookings picks a DSP). Filters cleared on the list later are the person's choice:
  // only the opening counts.
  const opening = useRef<{ pathname: string; asks: 'default' | 'view' } | null>(
    isBare(search) ? { pathname, asks: 'default' } : onlyView(search) ? { pathname, asks: 'view' } : null,
  );
  // The notice is said once per address, however often the effect runs.
  const noticed = useRef<string | null>(null);

  // While the views are read again (after a save), a view just saved may not be among them yet.
  const data = views.isFetching ? undefined : views.data;
  useEffect(() => {
    if (!data) return;
    const asks = opening.current?.pathname === pathname ? opening.current.asks : null;
    opening.current = null;
    if (asks === 'default') {
      const chosen = data.find((view) => view.is_default);
      if (chosen) void navigate({ href: viewHref(pathname, chosen), replace: true });
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
    } else if (asks === 'view' && view.query) {
      void navigate({ href: viewHref(pathname, view), replace: true });
    }
  }, [data, navigate, pathname, search]);

  return { views, pathname, search, currentId: viewIdOf(search) };
}
