import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { usersSearchSchema } from './model/search';

/** 'Gestión de Usuarios': its search, its prefetch (loaded on demand) and its lazy page. */
export const usersRoute = pageRoute({
  validateSearch: usersSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/users-page'), 'UsersPage'),
});
