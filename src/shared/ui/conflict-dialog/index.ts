export { ConflictDialog, CONFLICT_TITLE, type ConflictDialogProps } from './conflict-dialog';
