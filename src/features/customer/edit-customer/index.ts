export { CustomerFormModal, type CustomerFormModalProps } from './ui/customer-form-modal';
