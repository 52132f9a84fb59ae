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
export { categoryWithDescendants } from './lib/descendants';
export type { Category, CategoryPayload, CategoryRef } from './model/types';
export { CategoryCard, type CategoryCardProps } from './ui/category-card';
export { CategoryCardSkeleton } from './ui/category-card-skeleton';
export { CategoryImage } from './ui/category-image';
export { CategoryKindBadge } from './ui/category-kind-badge';
