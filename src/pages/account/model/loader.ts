import { accountSessionQueries } from '@/entities/account-session';
import type { PageLoad } from '@/shared/lib';

/** Starts loading the open sessions while the page's code loads. */
export const prefetch = ({ queryClient }: PageLoad<unknown, unknown>) => {
  void queryClient.prefetchQuery(accountSessionQueries.list());
};
