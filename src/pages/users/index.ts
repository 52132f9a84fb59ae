import { lazyRouteComponent } from '@tanstack/react-router';

export const UsersPage = lazyRouteComponent(() => import('./ui/users-page'), 'UsersPage');
