export { CellText, type CellTextProps } from './cell-text';
export { DataTable, dataTableFeatures, type DataTableFeatures, type DataTableProps } from './data-table';
