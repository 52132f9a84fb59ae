export { UNSAVED_CHANGES_QUESTION, UnsavedChangesDialog, type UnsavedChangesDialogProps } from './unsaved-changes-dialog';
