import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { campaignsSearchSchema } from './model/search';

/** The campaigns grid: its search, its prefetch (loaded on demand) and its lazy page. */
export const campaignsRoute = pageRoute({
  validateSearch: campaignsSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/campaigns-page'), 'CampaignsPage'),
});
