import { lazyRouteComponent } from '@tanstack/react-router';

export const CategoriesPage = lazyRouteComponent(() => import('./ui/categories-page'), 'CategoriesPage');
