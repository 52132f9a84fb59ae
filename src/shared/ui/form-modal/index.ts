export { FormModal, FormModalBody, type FormModalBodyProps, type FormModalProps } from './form-modal';
