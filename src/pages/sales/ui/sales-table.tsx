import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { SaleStatusBadge, type Sale } from '@/entities/sale';
import { formatMoney } from '@/shared/lib';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';
import { PAYMENT_METHOD_LABELS, SALES_COLUMNS } from '../model/vocabulary';

const helper = createColumnHelper<DataTableFeatures, Sale>();
const [CUSTOMER, DSP, PLAN, DATE, AMOUNT, METHOD, STATUS] = SALES_COLUMNS;

const columns = helper.columns([
  helper.display({
    id: 'customer',
    header: CUSTOMER,
    cell: ({ row }) => (
      // A long e-mail breaks anywhere rather than widening the column.
      <CellText weight={500} detail={<span style={{ overflowWrap: 'anywhere' }}>{row.original.customer.email}</span>}>
        {row.original.customer.name}
      </CellText>
    ),
  }),
  helper.display({ id: 'dsp', header: DSP, cell: ({ row }) => <CellText>{row.original.dsp.name}</CellText> }),
  helper.display({ id: 'plan', header: PLAN, cell: ({ row }) => <CellText>{row.original.plan.name}</CellText> }),
  helper.accessor('created_at', {
    header: DATE,
    cell: ({ row }) => (
      <CellText>
        <time dateTime={row.original.created_at}>{dayjs(row.original.created_at).format('D MMM YYYY')}</time>
      </CellText>
    ),
  }),
  helper.display({ id: 'amount', header: AMOUNT, cell: ({ row }) => <CellText>{formatMoney(row.original.amount, row.original.currency, 'Sin precio')}</CellText> }),
  helper.display({
    id: 'method',
    header: METHOD,
    cell: ({ row }) => <CellText>{row.original.payment_method ? PAYMENT_METHOD_LABELS[row.original.payment_method] : 'Sin registrar'}</CellText>,
  }),
  helper.display({ id: 'status', header: STATUS, cell: ({ row }) => <SaleStatusBadge status={row.original.status} /> }),
]);

/** Cliente, DSP, Plan, Fecha, Monto with its currency, Método de pago and Estado of each sale. */
export function SalesTable({ sales, stale = false }: { sales: Sale[]; stale?: boolean }) {
  return <DataTable columns={columns} data={sales} getRowId={(sale) => String(sale.id)} stale={stale} cardTitle="customer" />;
}
