import { lazyRouteComponent } from '@tanstack/react-router';

export const BookingsPage = lazyRouteComponent(() => import('./ui/bookings-page'), 'BookingsPage');
