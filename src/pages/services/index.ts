import { lazyRouteComponent } from '@tanstack/react-router';

export const ServicesPage = lazyRouteComponent(() => import('./ui/services-page'), 'ServicesPage');
