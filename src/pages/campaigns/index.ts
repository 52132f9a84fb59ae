import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { CampaignsSearch } from './model/search';

export const CampaignsPage = lazyRouteComponent(() => import('./ui/campaigns-page'), 'CampaignsPage');
export { campaignsSearchSchema, type CampaignsSearch } from './model/search';

/** The route loader: loaded on demand, so the sign-in pages do not carry the campaign code. */
export const prefetchCampaignsPage = (queryClient: QueryClient, search: CampaignsSearch) =>
  void import('./model/loader').then(({ prefetchCampaigns }) => prefetchCampaigns(queryClient, search));
