import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage, listSearchParams, type ListParams } from '@/shared/api';
import { offButKeepsFocus, saveFile } from '@/shared/lib';
import { ErrorAlert } from '../error-alert';
import { IconDownload } from '../icons';

/** What staff read when an export fails without a message of its own. */
export const EXPORT_FALLBACK = 'No se pudo exportar el CSV';

export interface ExportButtonProps {
  /** The list's API path, as its page reads it: 'v1/sponsors', `v1/dsps/${dspId}/bookings`. Its CSV is `<list>/export`. */
  list: string;
  /**
   * The list's parameters as the page asks for them: their filters and sort are exported, every
   * row they select, not only the page on screen (page, limit, include and fields are left out).
   */
  params?: ListParams;
  /** Parameters of the list's own besides those (the bookings' time zone `tz`). */
  extra?: Record<string, string>;
  /** What staff read when the export fails without a message of its own. */
  fallback?: string;
  /** Not yet possible (say, the screen's subject is still loading). */
  disabled?: boolean;
}

/** The CSV of a list with the session's token (a plain link could not send it), as the server names it. */
function downloadListCsv(list: string, params: ListParams = {}, extra: Record<string, string> = {}, fallback = EXPORT_FALLBACK) {
  const searchParams = listSearchParams({ filter: params.filter, sort: params.sort });
  for (const [name, value] of Object.entries(extra)) searchParams.set(name, value);
  return api.getFile(`${list.replace(/\/$/, '')}/export`, { searchParams, fallback });
}

/**
 * 'Exportar CSV', the one way every list exports: the list's filters and sort as on screen, the
 * file fetched through the API client (exports need the session's token) and saved from memory,
 * 'Exportando…' meanwhile, and the server's reason in Spanish when it fails.
 */
export function ExportButton({ list, params, extra, fallback = EXPORT_FALLBACK, disabled = false }: ExportButtonProps) {
  const exporting = useMutation({
    mutationFn: () => downloadListCsv(list, params, extra, fallback),
    onSuccess: (file) => saveFile(file.blob, file.name ?? `${list.split('/').at(-1)}-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  return (
    <Stack gap="xs" align="flex-end">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={() => exporting.mutate()}
        disabled={disabled}
        // Busy, it keeps the focus a disabled button would drop to the page.
        {...offButKeepsFocus(exporting.isPending)}
        aria-busy={exporting.isPending || undefined}
      >
        {exporting.isPending ? 'Exportando…' : 'Exportar CSV'}
      </Button>
      {exporting.isError ? <ErrorAlert title="No se pudo exportar" error={exporting.error} message={errorMessage(exporting.error, fallback)} /> : null}
    </Stack>
  );
}
