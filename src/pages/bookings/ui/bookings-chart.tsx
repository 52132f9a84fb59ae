// Its own chunk (the page imports it lazily): recharts only loads for who opens the chart.
import '@mantine/charts/styles.css';
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS } from '@contract/booking.constants';
import { BarChart } from '@mantine/charts';
import { Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { BOOKING_FALLBACKS, bookingQueries } from '@/entities/booking';
import { errorMessage } from '@/shared/api';
import { ErrorAlert } from '@/shared/ui/error-alert';

const STATUS_COLORS = { PENDING: 'yellow.6', CONFIRMED: 'blue.6', CANCELLED: 'red.6', CONSUMED: 'teal.6' } as const;
const SERIES = BOOKING_STATUSES.map((status) => ({ name: status, label: BOOKING_STATUS_LABELS[status], color: STATUS_COLORS[status] }));
const CHART_TITLE_ID = 'bookings-chart-title';

/** A day of the API (YYYY-MM-DD) as '22 nov'. */
const dayLabel = (date: string) => dayjs(date).locale('es').format('D MMM');

/** 'Agendamientos por día': the DSP's bookings of the last 30 days, stacked by status; the figures also as a table for screen readers. */
export function BookingsChart({ dspId }: { dspId: number }) {
  const stats = useQuery(bookingQueries.stats(dspId));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={CHART_TITLE_ID}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={CHART_TITLE_ID}>
          Agendamientos por día
        </Title>
        {stats.isPending ? (
          <Skeleton h={260} role="status" aria-label="Cargando gráfico" />
        ) : !stats.data ? (
          <ErrorAlert error={stats.error} message={errorMessage(stats.error, BOOKING_FALLBACKS.stats)} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {`Últimos ${stats.data.days.length} días, por fecha programada y estado.`}
            </Text>
            <div aria-hidden="true">
              <BarChart
                h={260}
                data={stats.data.days.map((day) => ({ ...day, day: dayLabel(day.date) }))}
                dataKey="day"
                type="stacked"
                series={SERIES}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                tickLine="y"
                gridAxis="y"
                yAxisProps={{ allowDecimals: false }}
                // The drawing is hidden from assistive technology (the table below reads it out), so
                // it must not take keyboard focus either: recharts' keyboard layer would.
                barChartProps={{ accessibilityLayer: false }}
              />
            </div>
            <VisuallyHidden>
              <table>
                <caption>Agendamientos por día y estado</caption>
                <thead>
                  <tr>
                    <th scope="col">Día</th>
                    {SERIES.map((series) => (
                      <th key={series.name} scope="col">
                        {series.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {stats.data.days.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{dayLabel(day.date)}</th>
                      {BOOKING_STATUSES.map((status) => (
                        <td key={status}>{day[status]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
