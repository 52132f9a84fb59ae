import { Group, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { BOOKING_FALLBACKS, type BookingSummary } from '@/entities/booking';
import { errorMessage } from '@/shared/api';
import { formatTotal } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** 'Total' (every booking the filters keep) and 'Hoy' (of those, scheduled today in the staff member's zone). */
export function BookingsCounters({ summary }: { summary: UseQueryResult<BookingSummary> }) {
  if (summary.isError && !summary.data) {
    return <ErrorAlert error={summary.error} message={errorMessage(summary.error, BOOKING_FALLBACKS.summary)} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />;
  }
  const counts = summary.data;
  return (
    <Paper withBorder p="md" aria-live="polite" aria-busy={summary.isPending || summary.isPlaceholderData}>
      <Group gap="xl" wrap="wrap" component="dl" m={0}>
        <div>
          <Text component="dt" size="xs" c="dimmed">
            Total
          </Text>
          <Text component="dd" m={0} fw={600} data-testid="bookings-total">
            {counts ? formatTotal(counts.total) : '…'}
          </Text>
        </div>
        <div>
          <Text component="dt" size="xs" c="dimmed">
            Hoy
          </Text>
          <Text component="dd" m={0} fw={600} data-testid="bookings-today">
            {counts ? formatTotal(counts.today) : '…'}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
