import type { SavedView, SavedViewBody } from '@contract/saved-view';
import type { SavedViewList } from '@contract/saved-view.constants';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys } from '@/shared/api';

export type { SavedView, SavedViewBody, SavedViewList };

/** What a view changes on PUT: any of its name, query, roles and default flag. */
export type SavedViewChanges = Partial<Omit<SavedViewBody, 'list'>>;

/** What staff read when a saved-view call fails without a message of its own. */
export const SAVED_VIEW_FALLBACKS = {
  list: 'No se pudieron cargar las vistas',
  save: 'No se pudo guardar la vista',
  delete: 'No se pudo eliminar la vista',
} as const;

/** The person's own views of a list and those shared with a role they hold. */
export const fetchSavedViews = (list: SavedViewList, signal?: AbortSignal) =>
  api.get<SavedView[]>('v1/saved-views', { searchParams: { 'filter[list]': list }, fallback: SAVED_VIEW_FALLBACKS.list, signal });

export const createSavedView = (body: SavedViewBody) => api.post<SavedView>('v1/saved-views', { json: body, fallback: SAVED_VIEW_FALLBACKS.save });

export const updateSavedView = (id: number, changes: SavedViewChanges) =>
  api.put<SavedView>(`v1/saved-views/${id}`, { json: changes, fallback: SAVED_VIEW_FALLBACKS.save });

export const deleteSavedView = (id: number) => api.delete<unknown>(`v1/saved-views/${id}`, { fallback: SAVED_VIEW_FALLBACKS.delete });

const keys = entityKeys('saved-views');

/** Query keys and options for saved views: one list per screen's list. */
export const savedViewQueries = {
  ...keys,
  list: (list: SavedViewList) =>
    queryOptions({
      queryKey: [...keys.lists(), list] as const,
      queryFn: ({ signal }) => fetchSavedViews(list, signal),
    }),
};
