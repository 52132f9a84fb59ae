import { AUDIT_PAGE_SIZE } from '@contract/audit.constants';
import type { AuditSearch } from './search';

// Apart from the search parser: the router's entry chunk (which /login loads) carries the parser,
// and these are the audit screen's alone.

/** The filters of this search, as the list and the CSV export send them. */
export const auditFilters = ({ person, resource, action, from, to, batch }: AuditSearch) => ({ actor_id: person, resource, action, from, to, batch_id: batch });

/** The page of entries for this search: 20 a page, newest first (the server's order). */
export const auditListParams = (search: AuditSearch) => ({ ...auditFilters(search), page: search.page ?? 1, limit: AUDIT_PAGE_SIZE });
