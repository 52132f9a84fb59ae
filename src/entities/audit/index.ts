export {
  AUDIT_FALLBACKS,
  fetchAuditEntries,
  fetchRecordHistory,
  restoreAuditEntry,
  auditQueries,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type AuditFilters,
  type AuditListParams,
  type AuditResource,
  type HistoryResource,
} from './api/audit.api';
export { describeAuditEntry, describeField, describeValue, type AuditEntryDescription } from './lib/describe-entry';
