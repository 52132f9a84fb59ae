import { lazyRouteComponent } from '@tanstack/react-router';

export const CampaignsPage = lazyRouteComponent(() => import('./ui/campaigns-page'), 'CampaignsPage');
