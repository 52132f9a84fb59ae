import { lazyRouteComponent } from '@tanstack/react-router';

export const CampaignDetailPage = lazyRouteComponent(() => import('./ui/campaign-detail-page'), 'CampaignDetailPage');
