import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BulkList } from '@contract/bulk.constants';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { dialogOpen } from '@/shared/lib/shortcut-targets';
import { BULK_PERMISSIONS } from '../config/actions';

/** A record of the page as the selection knows it: its id and the name its checkbox reads. */
export interface SelectableItem {
  id: number;
  label: string;
}

/** What is chosen: some records by id, or every record the list's filter matches. */
export type Chosen = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'matching' };

const NOTHING: Chosen = { kind: 'ids', ids: new Set() };

export interface Selection {
  /** Whether the person may act on many records of this list at all: without it, no checkboxes show. */
  enabled: boolean;
  /** How many records an action would reach ('N seleccionados'). */
  count: number;
  chosen: Chosen;
  /** The page's records (for the names of those the answer skipped). */
  items: readonly SelectableItem[];
  /** How many records the list's filter matches. */
  total: number;
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Whether this page's records are all, some or none of them chosen. */
  page: 'all' | 'some' | 'none';
  togglePage: () => void;
  /** Every record the filter matches, chosen on the server by that filter. */
  selectMatching: () => void;
  clear: () => void;
}

/**
 * One list's selection. It belongs to one search: `scope` is the list's call (its filters, sort
 * and page), and when that changes the selection is empty again, since what was chosen is no longer
 * what the list shows. Escape empties it too, unless a dialog is open (Escape is the dialog's then).
 */
export function useSelection(list: BulkList, items: readonly SelectableItem[] | undefined, total: number | undefined, scope: unknown): Selection {
  const permission = BULK_PERMISSIONS[list];
  const enabled = useSessionStore((state) => permission === null || hasPermission(state.user, permission));
  const key = JSON.stringify(scope);
  const [state, setState] = useState<{ key: string; chosen: Chosen }>({ key, chosen: NOTHING });
  // A selection made under another search is not this one's: read as empty, replaced on the next change.
  const chosen = state.key === key ? state.chosen : NOTHING;
  const shown = useMemo(() => items ?? [], [items]);
  const matched = total ?? 0;

  const set = useCallback((next: (current: Chosen) => Chosen) => setState((old) => ({ key, chosen: next(old.key === key ? old.chosen : NOTHING) })), [key]);
  const clear = useCallback(() => setState({ key, chosen: NOTHING }), [key]);

  const count = chosen.kind === 'matching' ? matched : chosen.ids.size;
  useEffect(() => {
    if (count === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || dialogOpen()) return;
      clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, clear]);

  const isSelected = useCallback((id: number) => chosen.kind === 'matching' || chosen.ids.has(id), [chosen]);
  const onPage = shown.filter((item) => isSelected(item.id)).length;
  const page = shown.length > 0 && onPage === shown.length ? 'all' : onPage > 0 ? 'some' : 'none';

  const toggle = useCallback(
    (id: number) =>
      set((current) => {
        // Unticking one of 'all that match' leaves this page's others chosen.
        const ids = new Set(current.kind === 'matching' ? shown.map((item) => item.id) : current.ids);
        if (current.kind === 'ids' && ids.has(id)) ids.delete(id);
        else if (current.kind === 'matching') ids.delete(id);
        else ids.add(id);
        return { kind: 'ids', ids };
      }),
    [set, shown],
  );
  const togglePage = useCallback(
    () => set(() => (page === 'all' ? NOTHING : { kind: 'ids', ids: new Set(shown.map((item) => item.id)) })),
    [set, page, shown],
  );
  const selectMatching = useCallback(() => set(() => ({ kind: 'matching' })), [set]);

  return { enabled, count, chosen, items: shown, total: matched, isSelected, toggle, page, togglePage, selectMatching, clear };
}

/**
 * The selection of a page of a list answer (`{data, total}`): each record named by `label` (its
 * checkbox's name and the result's), emptied whenever `scope` (the list's call) changes.
 */
export function useListSelection<T extends { id: number }>(
  list: BulkList,
  page: { data: readonly T[]; total: number } | undefined,
  label: (row: T) => string,
  scope: unknown,
): Selection {
  const rows = page?.data;
  // `label` is read with the rows: a page that passes a new function each render rebuilds nothing.
  const labelOf = useRef(label);
  labelOf.current = label;
  const items = useMemo(() => rows?.map((row) => ({ id: row.id, label: labelOf.current(row) })), [rows]);
  return useSelection(list, items, page?.total, scope);
}
