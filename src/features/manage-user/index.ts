export { DeleteUserDialog, type DeleteUserDialogProps } from './ui/delete-user-dialog';
export { UserFormModal, type UserFormModalProps } from './ui/user-form-modal';
