export {
  CATEGORY_FALLBACKS,
  checkCategoryDeletion,
  createCategory,
  deleteCategory,
  fetchCategories,
  fetchCategory,
  fetchCategoryOptions,
  updateCategory,
  categoryDeletion,
  categoryQueries,
  type Category,
  type CategoryPayload,
  type CategoryRef,
} from './api/category.api';
export { categoryWithDescendants } from './lib/descendants';
export { CategoryCard, type CategoryCardProps } from './ui/category-card';
export { CategoryCardSkeleton } from './ui/category-card-skeleton';
export { CategoryImage } from './ui/category-image';
export { CategoryKindBadge } from './ui/category-kind-badge';
