import type { BulkAction, BulkList } from '@contract/bulk.constants';
import type { QueryKey } from '@tanstack/react-query';
import { listSearchParams, type ListParams } from '@/shared/api';

/** A status the bulk 'Cambiar estado' may set, as the list names it. */
export interface BulkStatusOption {
  value: string;
  label: string;
}

/**
 * What a list tells the selection bar about itself: which list it is (its actions come from the
 * contract's BULK_ACTIONS), where it is read (the call is that path + `/bulk`), its current
 * filter (the one its GET sends), what its records are called and which queries show them.
 */
export interface BulkTarget {
  list: BulkList;
  /** The list's own GET path, e.g. `v1/sponsors`, `v1/dsps/4/bookings`. */
  path: string;
  /** The list's `filter` as its GET sends it: 'Seleccionar los N que coinciden' sends these keys. */
  filter: ListParams['filter'];
  /** 'sponsor' / 'sponsors', 'agendamiento' / 'agendamientos'. */
  noun: { one: string; many: string };
  /** Refreshed once the action is done: the entity's lists (and whatever else shows the records). */
  invalidate: readonly QueryKey[];
  /** The statuses 'Cambiar estado' offers, and whether it asks for a reason (subscriptions do). */
  statuses?: { options: readonly BulkStatusOption[]; reasonRequired: boolean };
  /** Actions this screen leaves out even when the person may take them. */
  without?: readonly BulkAction[];
}

/**
 * The filter of `params` exactly as `listSearchParams` puts it in the list's GET (`filter[q]=…`),
 * without the brackets: the same keys, the same strings, the empty ones left out.
 */
export const bulkFilterOf = (filter: ListParams['filter']): Record<string, string> => {
  const sent: Record<string, string> = {};
  for (const [key, value] of listSearchParams({ filter })) {
    const name = /^filter\[(.+)\]$/.exec(key)?.[1];
    if (name) sent[name] = value;
  }
  return sent;
};
