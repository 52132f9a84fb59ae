export { HistoryButton, type HistoryButtonProps } from './ui/history-button';
export { useRecordNames } from './model/use-record-names';
