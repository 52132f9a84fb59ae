import { CATEGORY_DEFAULT_SORT, CATEGORY_PAGE_SIZE } from '@contract/category.constants';
import type { ListParams } from '@/shared/api';
import { searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /categorias?q=hogar&page=2 — a value that does not fit falls back to "not set". */
export const categoriesSearchSchema = searchSchema({ q: searchText, page: searchNumber, view: searchNumber });

export type CategoriesSearch = SearchOf<typeof categoriesSearchSchema>;

/** The catalogue call for this search: 24 a page by name, each with its parent and subcategories. */
export const categoriesListParams = ({ q, page }: CategoriesSearch): ListParams => ({
  filter: { q },
  include: ['parent', 'subcategories'],
  sort: CATEGORY_DEFAULT_SORT,
  limit: CATEGORY_PAGE_SIZE,
  page: page ?? 1,
});
