import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { SaleStatusBadge, type Sale } from '@/entities/sale';
import { formatMoney } from '@/shared/lib';
import { DataTable, type DataTableFeatures } from '@/shared/ui/data-table';
import { PAYMENT_METHOD_LABELS, SALES_COLUMNS } from '../model/vocabulary';

const helper = createColumnHelper<DataTableFeatures, Sale>();
const [CUSTOMER, DSP, PLAN, DATE, AMOUNT, METHOD, STATUS] = SALES_COLUMNS;

const columns = helper.columns([
  helper.display({
    id: 'customer',
    header: CUSTOMER,
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.original.customer.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.original.customer.email}
        </Text>
      </Stack>
    ),
  }),
  helper.display({ id: 'dsp', header: DSP, cell: ({ row }) => <Text size="sm">{row.original.dsp.name}</Text> }),
  helper.display({ id: 'plan', header: PLAN, cell: ({ row }) => <Text size="sm">{row.original.plan.name}</Text> }),
  helper.accessor('created_at', {
    header: DATE,
    cell: ({ row }) => (
      <Text size="sm" component="time" dateTime={row.original.created_at}>
        {dayjs(row.original.created_at).format('D MMM YYYY')}
      </Text>
    ),
  }),
  helper.display({ id: 'amount', header: AMOUNT, cell: ({ row }) => <Text size="sm">{formatMoney(row.original.amount, 'Sin precio')}</Text> }),
  helper.display({
    id: 'method',
    header: METHOD,
    cell: ({ row }) => <Text size="sm">{row.original.payment_method ? PAYMENT_METHOD_LABELS[row.original.payment_method] : 'Sin registrar'}</Text>,
  }),
  helper.display({ id: 'status', header: STATUS, cell: ({ row }) => <SaleStatusBadge status={row.original.status} /> }),
]);

/** Cliente, DSP, Plan, Fecha, Monto in pesos, Método de pago and Estado of each sale. */
export function SalesTable({ sales, stale = false }: { sales: Sale[]; stale?: boolean }) {
  return <DataTable columns={columns} data={sales} getRowId={(sale) => String(sale.id)} stale={stale} cardTitle="customer" />;
}
