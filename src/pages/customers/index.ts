import { lazyRouteComponent } from '@tanstack/react-router';

export const CustomersPage = lazyRouteComponent(() => import('./ui/customers-page'), 'CustomersPage');
