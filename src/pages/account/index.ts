import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute, searchSchema } from '@/shared/lib';

/** 'Mi cuenta': no search, its prefetch (loaded on demand) and its lazy page. */
export const accountRoute = pageRoute({
  validateSearch: searchSchema({}),
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/account-page'), 'AccountPage'),
});
