import type { CustomerImportResult } from '@contract/customer-import';
import type { ImportColumn } from '@contract/customer-import.constants';
import { api, toFormData } from '@/shared/api';

export type { CustomerImportResult };

export const IMPORT_FALLBACK = 'No se pudo importar el archivo';

/** An import of 50,000 rows takes up to a minute on the server: the call waits for it. */
const IMPORT_TIMEOUT_MS = 180_000;

/** `dryRun`: only validates (nothing is written); otherwise imports, all or nothing. */
export const importCustomers = (dspId: number, file: File, mapping: Record<string, ImportColumn | ''>, dryRun: boolean) =>
  api.post<CustomerImportResult>(`v1/dsps/${dspId}/customers/import`, {
    body: toFormData({ file, mapping: JSON.stringify(mapping), dry_run: dryRun ? '1' : '0' }),
    fallback: IMPORT_FALLBACK,
    timeout: IMPORT_TIMEOUT_MS,
  });
