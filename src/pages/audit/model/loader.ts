import { auditQueries } from '@/entities/audit';
import type { PageLoad } from '@/shared/lib';
import { auditListParams } from './list-params';
import type { AuditSearch } from './search';

/** Starts loading the entries while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<AuditSearch, unknown>) => {
  void queryClient.prefetchQuery(auditQueries.list(auditListParams(search)));
};

// The page reads the list's parameters through here: in one chunk with the prefetch, not a third.
export { auditFilters, auditListParams } from './list-params';
