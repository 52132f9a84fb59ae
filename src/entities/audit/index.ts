export { AUDIT_FALLBACKS, exportAuditEntries, fetchAuditEntries, fetchRecordHistory } from './api/audit.api';
export { auditQueries } from './api/audit.queries';
export { describeAuditEntry, describeField, describeValue, type AuditEntryDescription, type RecordNames } from './lib/describe-entry';
export type { AuditAction, AuditChange, AuditEntry, AuditFilters, AuditListParams, AuditResource, HistoryResource } from './model/types';
