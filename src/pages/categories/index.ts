import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { categoriesSearchSchema } from './model/search';

/** The catalogue's route: its search and its lazy page. */
export const categoriesRoute = pageRoute({
  validateSearch: categoriesSearchSchema,
  component: lazyRouteComponent(() => import('./ui/categories-page'), 'CategoriesPage'),
});
