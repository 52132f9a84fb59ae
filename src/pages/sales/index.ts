import { lazyRouteComponent } from '@tanstack/react-router';

export const SalesPage = lazyRouteComponent(() => import('./ui/sales-page'), 'SalesPage');
export { salesSearchSchema } from './model/search';
