export { ConnectorFormModal, type ConnectorFormModalProps } from './ui/connector-form-modal';
