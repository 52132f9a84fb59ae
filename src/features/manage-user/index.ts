export { UserFormModal, type UserFormModalProps } from './ui/user-form-modal';
