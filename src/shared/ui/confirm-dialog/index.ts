export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { useConfirm, type Confirmation } from './use-confirm';
