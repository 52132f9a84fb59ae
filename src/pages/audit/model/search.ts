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
