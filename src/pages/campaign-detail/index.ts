import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { campaignDetailSearchSchema } from './model/search';

/** A campaign's page: its tab, its prefetch (loaded on demand) and its lazy page. */
export const campaignDetailRoute = pageRoute({
  validateSearch: campaignDetailSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/campaign-detail-page'), 'CampaignDetailPage'),
});
