import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';

export const AccountPage = lazyRouteComponent(() => import('./ui/account-page'), 'AccountPage');

/** The route loader: loaded on demand, so the sign-in pages do not carry the account code. */
export const prefetchAccountPage = (queryClient: QueryClient) =>
  void import('./model/loader').then(({ prefetchAccountSessions }) => prefetchAccountSessions(queryClient));
