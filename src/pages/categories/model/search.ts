import { searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /categorias?q=hogar&page=2 — a value that does not fit falls back to "not set". */
export const categoriesSearchSchema = searchSchema({ q: searchText, page: searchNumber });

export type CategoriesSearch = SearchOf<typeof categoriesSearchSchema>;
