import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_FALLBACKS, exportAuditEntries, type AuditFilters } from '@/entities/audit';
import { errorMessage } from '@/shared/api';
import { saveFile } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconDownload } from '@/shared/ui/icons';

/**
 * 'Exportar CSV' of every entry the filters match. The export needs the session's token, so it
 * is fetched through the API client and saved from memory rather than opened as a link.
 */
export function ExportButton({ filters }: { filters: AuditFilters }) {
  const download = useMutation({
    mutationFn: () => exportAuditEntries(filters),
    onSuccess: ({ blob, name }) => saveFile(blob, name ?? `auditoria-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  return (
    <Stack gap="xs" align="flex-end">
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? 'Exportando…' : 'Exportar CSV'}
      </Button>
      {download.isError ? <ErrorAlert title="No se pudo exportar" message={errorMessage(download.error, AUDIT_FALLBACKS.export)} /> : null}
    </Stack>
  );
}
