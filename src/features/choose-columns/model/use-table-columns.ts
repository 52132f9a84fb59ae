import { TABLE_COLUMNS, knownColumns, type ColumnTable } from '@contract/preferences.constants';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PREFERENCES_FALLBACKS, changePreferences, preferencesQueries } from '@/entities/preference';
import { errorMessage } from '@/shared/api';

/** A table's columns as chosen, and how to change them; what `ColumnsButton` and the table share. */
export interface ColumnsChoice {
  table: ColumnTable;
  /** The ids of the columns shown, in order: never empty. */
  shown: readonly string[];
  choose: (ids: readonly string[]) => void;
  /** Back to the table's own columns. */
  reset: () => void;
}

/** `columns` in a list's URL: the shown ids, comma-separated. */
export const columnsParam = (ids: readonly string[]) => ids.join(',');

/**
 * A table's columns: those in the URL (`columns`, so a link or a saved view shows what its author
 * saw), else the person's kept choice, else the table's own. A change goes to the URL, replacing the
 * entry (the back button leaves the list, not undoes a column), and is kept for the person.
 */
export function useTableColumns(table: ColumnTable, fromUrl: string | undefined): ColumnsChoice {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const putInUrl = (columns: string | undefined) =>
    void navigate({ to: '.', search: ((old: Record<string, unknown>) => ({ ...old, columns })) as never, replace: true });
  const kept = useQuery({ ...preferencesQueries.mine(), select: (preferences) => preferences.columns[table] }).data;
  const shown = useMemo(() => {
    const inUrl = fromUrl ? knownColumns(table, fromUrl.split(',')) : [];
    if (inUrl.length > 0) return inUrl;
    const keptKnown = kept ? knownColumns(table, kept) : [];
    return keptKnown.length > 0 ? keptKnown : [...TABLE_COLUMNS[table]];
  }, [table, fromUrl, kept]);

  const keep = (ids: readonly string[]) =>
    changePreferences(queryClient, { columns: { [table]: [...ids] } }).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, PREFERENCES_FALLBACKS.save) }),
    );
  return {
    table,
    shown,
    choose: (ids) => {
      if (ids.length === 0) return;
      putInUrl(columnsParam(ids));
      void keep(ids);
    },
    reset: () => {
      putInUrl(undefined);
      void keep([]);
    },
  };
}
