import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchCategories, fetchCategory, fetchCategoryOptions } from './category.api';

/** Query keys and options for the catalogue; writes invalidate `lists()` and the category's `detail`. */
export const categoryQueries = {
  all: () => ['categories'] as const,
  lists: () => [...categoryQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...categoryQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchCategories(params, signal),
      placeholderData: keepPreviousData,
    }),
  /** For selectors; part of `lists()`, so writes refresh it. */
  options: ({ roots = false } = {}) =>
    queryOptions({
      queryKey: [...categoryQueries.lists(), 'options', { roots }] as const,
      queryFn: ({ signal }) => fetchCategoryOptions({ roots }, signal),
    }),
  details: () => [...categoryQueries.all(), 'detail'] as const,
  detail: (id: number, params: ListParams = {}) =>
    queryOptions({
      queryKey: [...categoryQueries.details(), id, params] as const,
      queryFn: ({ signal }) => fetchCategory(id, params, signal),
    }),
};
