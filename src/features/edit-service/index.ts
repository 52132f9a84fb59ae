export { ServiceFormModal, type ServiceFormModalProps } from './ui/service-form-modal';
