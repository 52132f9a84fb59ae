export { HistoryButton, type HistoryButtonProps } from './ui/history-button';
