import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { customersSearchSchema } from './model/search';

/** A DSP's customers: the grid's search and page, its prefetch (loaded on demand) and its lazy page. */
export const customersRoute = pageRoute({
  validateSearch: customersSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/customers-page'), 'CustomersPage'),
});
