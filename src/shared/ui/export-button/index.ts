export { EXPORT_FALLBACK, ExportButton, type ExportButtonProps } from './export-button';
