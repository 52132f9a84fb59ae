import { AUDIT_PAGE_SIZE } from '@contract/audit.constants';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@contract/audit-names';
import { searchDate, searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/**
 * /auditoria?person=7&resource=sponsor&action=update&from=2026-03-01&to=2026-03-31&page=2&columns=created_at,action
 * (the table's columns in order); `batch=<id>`: the records one action on many changed, each on its own line.
 */
export const auditSearchSchema = searchSchema({
  person: searchNumber,
  resource: searchEnum(AUDIT_RESOURCES),
  action: searchEnum(AUDIT_ACTIONS),
  from: searchDate,
  to: searchDate,
  page: searchNumber,
  view: searchNumber,
  columns: searchText,
  batch: searchText,
});

export type AuditSearch = SearchOf<typeof auditSearchSchema>;

/** The filters of this search, as the list and the CSV export send them. */
export const auditFilters = ({ person, resource, action, from, to, batch }: AuditSearch) => ({ actor_id: person, resource, action, from, to, batch_id: batch });

/** The page of entries for this search: 20 a page, newest first (the server's order). */
export const auditListParams = (search: AuditSearch) => ({ ...auditFilters(search), page: search.page ?? 1, limit: AUDIT_PAGE_SIZE });
