export { DataTable, dataTableFeatures, type DataTableFeatures, type DataTableProps } from './data-table';
