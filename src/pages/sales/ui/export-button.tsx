import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SALE_FALLBACKS, exportSales, type SaleFilters } from '@/entities/sale';
import { errorMessage } from '@/shared/api';
import { saveFile } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconDownload } from '@/shared/ui/icons';

/** 'Exportar CSV' of every sale the filters select, not only the page on screen. */
export function ExportButton({ filters }: { filters: SaleFilters }) {
  const download = useMutation({
    mutationFn: () => exportSales(filters),
    onSuccess: ({ blob, name }) => saveFile(blob, name ?? `ventas-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  return (
    <Stack gap="xs" align="flex-end">
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? 'Exportando…' : 'Exportar CSV'}
      </Button>
      {download.isError ? <ErrorAlert title="No se pudo exportar" message={errorMessage(download.error, SALE_FALLBACKS.export)} /> : null}
    </Stack>
  );
}
