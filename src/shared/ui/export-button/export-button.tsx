import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, type DownloadedFile } from '@/shared/api';
import { saveFile } from '@/shared/lib';
import { ErrorAlert } from '../error-alert';
import { IconDownload } from '../icons';

export interface ExportButtonProps {
  /** Fetches the export of everything the filters select, not only the page on screen. */
  download: () => Promise<DownloadedFile>;
  /** The file's name when the server does not give one, before the date: 'ventas' → 'ventas-2026-11-23.csv'. */
  name: string;
  /** What staff read when the export fails without a message of its own. */
  fallback: string;
  /** Not yet possible (say, the screen's subject is still loading). */
  disabled?: boolean;
}

/**
 * 'Exportar CSV'. Exports need the session's token, so the file is fetched through the API client
 * and saved from memory rather than opened as a link.
 */
export function ExportButton({ download, name, fallback, disabled = false }: ExportButtonProps) {
  const exporting = useMutation({
    mutationFn: download,
    onSuccess: (file) => saveFile(file.blob, file.name ?? `${name}-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  return (
    <Stack gap="xs" align="flex-end">
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => exporting.mutate()} disabled={disabled || exporting.isPending}>
        {exporting.isPending ? 'Exportando…' : 'Exportar CSV'}
      </Button>
      {exporting.isError ? <ErrorAlert title="No se pudo exportar" error={exporting.error} message={errorMessage(exporting.error, fallback)} /> : null}
    </Stack>
  );
}
