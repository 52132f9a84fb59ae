import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { SaleStatusBadge, type Sale } from '@/entities/sale';
import { formatMoney } from '@/shared/lib';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';
import { PAYMENT_METHOD_LABELS, SALES_COLUMN_LABELS } from '../model/vocabulary';

const helper = createColumnHelper<DataTableFeatures, Sale>();

const columns = helper.columns([
  helper.display({
    id: 'customer',
    header: SALES_COLUMN_LABELS.customer,
    cell: ({ row }) => (
      // A long e-mail breaks anywhere rather than widening the column.
      <CellText weight={500} detail={<span style={{ overflowWrap: 'anywhere' }}>{row.original.customer.email}</span>}>
        {row.original.customer.name}
      </CellText>
    ),
  }),
  helper.display({ id: 'dsp', header: SALES_COLUMN_LABELS.dsp, cell: ({ row }) => <CellText>{row.original.dsp.name}</CellText> }),
  helper.display({ id: 'plan', header: SALES_COLUMN_LABELS.plan, cell: ({ row }) => <CellText>{row.original.plan.name}</CellText> }),
  helper.accessor('created_at', {
    header: SALES_COLUMN_LABELS.created_at,
    cell: ({ row }) => (
      <CellText>
        <time dateTime={row.original.created_at}>{dayjs(row.original.created_at).format('D MMM YYYY')}</time>
      </CellText>
    ),
  }),
  helper.display({ id: 'amount', header: SALES_COLUMN_LABELS.amount, cell: ({ row }) => <CellText>{formatMoney(row.original.amount, row.original.currency, 'Sin precio')}</CellText> }),
  helper.display({
    id: 'method',
    header: SALES_COLUMN_LABELS.method,
    cell: ({ row }) => <CellText>{row.original.payment_method ? PAYMENT_METHOD_LABELS[row.original.payment_method] : 'Sin registrar'}</CellText>,
  }),
  helper.display({ id: 'status', header: SALES_COLUMN_LABELS.status, cell: ({ row }) => <SaleStatusBadge status={row.original.status} /> }),
]);

/** Cliente, DSP, Plan, Fecha, Monto with its currency, Método de pago and Estado of each sale. */
export function SalesTable({ sales, stale = false, shownColumns }: { sales: Sale[]; stale?: boolean; shownColumns?: readonly string[] }) {
  return <DataTable columns={columns} data={sales} getRowId={(sale) => String(sale.id)} stale={stale} cardTitle="customer" shownColumns={shownColumns} />;
}
