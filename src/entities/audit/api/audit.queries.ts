import { AUDIT_PAGE_SIZE } from '@contract/audit.constants';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditListParams, HistoryResource } from '../model/types';
import { fetchAuditEntries, fetchRecordHistory } from './audit.api';

/**
 * Query keys and options for the change history. Nothing in the panel writes it: every write
 * elsewhere adds entries, so a history is fetched fresh each time it is opened.
 */
export const auditQueries = {
  all: () => ['audit'] as const,
  lists: () => [...auditQueries.all(), 'list'] as const,
  list: (params: AuditListParams) =>
    queryOptions({
      queryKey: [...auditQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchAuditEntries(params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  histories: () => [...auditQueries.all(), 'history'] as const,
  /** One record's history, newest first, one page after another. */
  history: (resource: HistoryResource, id: number) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.histories(), resource, id] as const,
      queryFn: ({ pageParam, signal }) => fetchRecordHistory(resource, id, pageParam, AUDIT_PAGE_SIZE, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
      staleTime: 0,
    }),
};
