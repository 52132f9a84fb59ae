import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';

export const CampaignDetailPage = lazyRouteComponent(() => import('./ui/campaign-detail-page'), 'CampaignDetailPage');
export { campaignDetailSearchSchema, type CampaignDetailSearch } from './model/search';

/** The route loader: loaded on demand, so the sign-in pages do not carry the campaign code. */
export const prefetchCampaignDetailPage = (queryClient: QueryClient, campaignId: string) =>
  void import('./model/loader').then(({ prefetchCampaignDetail }) => prefetchCampaignDetail(queryClient, campaignId));
