import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { categoriesSearchSchema } from './model/search';

/** The catalogue's route: its search, its prefetch (loaded on demand) and its lazy page. */
export const categoriesRoute = pageRoute({
  validateSearch: categoriesSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/categories-page'), 'CategoriesPage'),
});
