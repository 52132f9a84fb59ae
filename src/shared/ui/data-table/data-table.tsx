import { Table } from '@mantine/core';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';

/** The panel's tables use the core only: filtering, sorting and paging are the server's. */
export const dataTableFeatures = tableFeatures({});
export type DataTableFeatures = typeof dataTableFeatures;

export interface DataTableProps<T extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
  columns: ColumnDef<DataTableFeatures, T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  /** The next page is loading: the rows on screen are the previous ones. */
  stale?: boolean;
}

/** A list as a table (TanStack Table on Mantine's), scrolling sideways on narrow screens. */
export function DataTable<T extends RowData>({ columns, data, getRowId, stale = false }: DataTableProps<T>) {
  const table = useTable({ features: dataTableFeatures, columns, data, getRowId });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th key={header.id}>{header.isPlaceholder ? null : <table.FlexRender header={header} />}</Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
