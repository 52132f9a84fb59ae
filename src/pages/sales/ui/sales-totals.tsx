import { Group, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SALE_FALLBACKS, type SalesSummary } from '@/entities/sale';
import { errorMessage } from '@/shared/api';
import { formatMoney, formatTotal } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';

/**
 * How many sales the filters select and what they add up to in each currency, over every page
 * (amounts in different currencies are never added up); announced when it changes.
 */
export function SalesTotals({ summary }: { summary: UseQueryResult<SalesSummary> }) {
  if (summary.isError && !summary.data) {
    return <ErrorAlert error={summary.error} message={errorMessage(summary.error, SALE_FALLBACKS.summary)} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />;
  }
  const totals = summary.data;
  return (
    <Paper withBorder p="md" aria-live="polite" aria-busy={summary.isPending || summary.isPlaceholderData}>
      <Group gap="xl" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed">
            Ventas
          </Text>
          <Text fw={600}>{totals ? `${formatTotal(totals.count)} ${totals.count === 1 ? 'venta' : 'ventas'}` : 'Calculando…'}</Text>
        </div>
        {totals ? (
          totals.totals.map((total) => (
            <div key={total.currency ?? 'none'}>
              <Text size="xs" c="dimmed">
                {total.currency ? `Total ${total.currency}` : 'Total sin moneda'}
                {totals.totals.length > 1 ? ` · ${formatTotal(total.count)} ${total.count === 1 ? 'venta' : 'ventas'}` : ''}
              </Text>
              <Text fw={600}>{formatMoney(total.total_amount, total.currency)}</Text>
            </div>
          ))
        ) : (
          <div>
            <Text size="xs" c="dimmed">
              Total
            </Text>
            <Text fw={600}>Calculando…</Text>
          </div>
        )}
      </Group>
    </Paper>
  );
}
