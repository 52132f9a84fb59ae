import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { salesSearchSchema } from './model/search';

/** 'Ventas': its search, its prefetch (loaded on demand) and its lazy page. */
export const salesRoute = pageRoute({
  validateSearch: salesSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/sales-page'), 'SalesPage'),
});
