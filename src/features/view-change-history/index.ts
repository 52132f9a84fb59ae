export { HistoryButton, type HistoryButtonProps } from './ui/history-button';
export { RestoreEntryButton } from './ui/restore-entry-button';
