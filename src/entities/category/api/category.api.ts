import type { Category, CategoryRef } from '@contract/category';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { CATEGORY_DEFAULT_SORT } from '@contract/category.constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, toFormData, type ListParams, type Paginated, type Deletion } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { Category, CategoryRef };

/** What the catalogue category form sends (multipart); the image only when a new one was chosen. */
export interface CategoryPayload {
  name: string;
  description: string;
  /** Empty makes it a root ('Padre'). */
  parent_id: number | '';
  image?: File | null;
}

/** What staff read when a catalogue category call fails without a message of its own. */
export const CATEGORY_FALLBACKS = {
  list: 'No se pudieron cargar las categorías',
  get: 'No se pudo obtener la categoría',
  save: 'No se pudo guardar la categoría',
  delete: 'No se pudo eliminar la categoría',
} as const;

/** The catalogue (filters q, roots; includes parent, subcategories), by name unless `sort` says otherwise. */
export const fetchCategories = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Category>>('v1/categories', {
    searchParams: listSearchParams({ sort: CATEGORY_DEFAULT_SORT, ...params }),
    fallback: CATEGORY_FALLBACKS.list,
    signal,
  });

/** Every category's id, name and parent, for a selector (300 at most); `roots` keeps only the 'Padre' ones. */
export const fetchCategoryOptions = async ({ roots = false } = {}, signal?: AbortSignal) =>
  (
    await api.get<Paginated<Pick<Category, 'id' | 'name' | 'parent_id'>>>('v1/categories', {
      searchParams: listSearchParams({
        sort: CATEGORY_DEFAULT_SORT,
        filter: roots ? { roots: 1 } : {},
        fields: ['id', 'name', 'parent_id'],
        limit: LOAD_LIMIT.categorySelector,
      }),
      fallback: CATEGORY_FALLBACKS.list,
      signal,
    })
  ).data;

export const fetchCategory = (id: number, params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Category>(`v1/categories/${id}`, { searchParams: listSearchParams(params), fallback: CATEGORY_FALLBACKS.get, signal });

const categoryForm = ({ image, ...fields }: CategoryPayload) => toFormData({ ...fields, image: image ?? undefined });

export const createCategory = (payload: CategoryPayload) =>
  api.post<Category>('v1/categories', { body: categoryForm(payload), fallback: CATEGORY_FALLBACKS.save });

/** Multipart updates travel as POST with `_method=PUT`; `version` (the one the form opened) turns a stale save into a 409. */
export const updateCategory = (id: number, payload: CategoryPayload, version?: number) =>
  api.post<Category>(`v1/categories/${id}`, { body: toFormData({ _method: 'PUT' }, categoryForm(payload)), fallback: CATEGORY_FALLBACKS.save, version });

export const deleteCategory = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/categories/${id}`, { fallback: CATEGORY_FALLBACKS.delete, version });

/** Whether the category can be deleted now and, if not, why (its subcategories, the campaigns using it). */
export const checkCategoryDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/categories/${id}/deletion`, { fallback: CATEGORY_FALLBACKS.delete });

const keys = entityKeys('categories');

/** Query keys and options for the catalogue; writes invalidate `lists()` and the category's `detail`. */
export const categoryQueries = {
  ...keys,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchCategories(params, signal),
      placeholderData: keepPreviousData,
    }),
  /** For selectors; part of `lists()`, so writes refresh it. */
  options: ({ roots = false } = {}) =>
    queryOptions({
      queryKey: [...keys.lists(), 'options', { roots }] as const,
      queryFn: ({ signal }) => fetchCategoryOptions({ roots }, signal),
    }),
  detail: (id: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.details(), id, params] as const,
      queryFn: ({ signal }) => fetchCategory(id, params, signal),
    }),
};

/** A catalogue category is confirmed by typing its own name: subcategories share words with their parents. */
export const categoryDeletion: Deletion<Category> = {
  title: 'Eliminar categoría',
  describe: (category) => ({
    before: 'Se eliminará la categoría ',
    name: category.name,
    after: ' y su imagen. Se podrá restaurar desde el historial.',
  }),
  keyword: (category) => category.name,
  deleted: 'Categoría eliminada.',
  remove: deleteCategory,
  check: checkCategoryDeletion,
  queries: categoryQueries,
};
