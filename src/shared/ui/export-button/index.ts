export { ExportButton, type ExportButtonProps } from './export-button';
