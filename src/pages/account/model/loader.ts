import { accountSessionQueries } from '@/entities/account-session';
import { secondFactorQueries } from '@/entities/second-factor';
import type { PageLoad } from '@/shared/lib';

/** Starts loading the open sessions and the second factor while the page's code loads. */
export const prefetch = ({ queryClient }: PageLoad<unknown, unknown>) => {
  void queryClient.prefetchQuery(accountSessionQueries.list());
  void queryClient.prefetchQuery(secondFactorQueries.mine());
};
