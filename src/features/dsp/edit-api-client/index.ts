export { ApiClientFormModal, type ApiClientFormModalProps } from './ui/api-client-form-modal';
