export { DeleteWithConfirmation, STALE_DELETE_MESSAGE, type DeleteWithConfirmationProps } from './ui/delete-with-confirmation';
export { UNDO_SECONDS, showUndoDelete } from './ui/undo-delete';
