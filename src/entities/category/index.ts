export {
  CATEGORY_FALLBACKS,
  checkCategoryDeletion,
  createCategory,
  deleteCategory,
  fetchCategories,
  fetchCategory,
  fetchCategoryOptions,
  updateCategory,
} from './api/category.api';
export { categoryQueries } from './api/category.queries';
export type { Category, CategoryPayload, CategoryRef } from './model/types';
