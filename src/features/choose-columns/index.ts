export { columnsParam, useTableColumns, type ColumnsChoice } from './model/use-table-columns';
export { ColumnsButton, type ColumnsButtonProps } from './ui/columns-button';
