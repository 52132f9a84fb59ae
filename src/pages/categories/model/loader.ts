import { categoryQueries } from '@/entities/category';
import type { PageLoad } from '@/shared/lib';
import { categoriesListParams, type CategoriesSearch } from './search';

/** Starts loading the catalogue while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<CategoriesSearch, unknown>) => {
  void queryClient.prefetchQuery(categoryQueries.list(categoriesListParams(search)));
};
