import { lazyRouteComponent } from '@tanstack/react-router';

export const ProvidersPage = lazyRouteComponent(() => import('./ui/providers-page'), 'ProvidersPage');
export { providersSearchSchema } from './model/search';
