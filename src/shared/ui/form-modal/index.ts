export { FormModal, FormModalBody, bannerMessage, type FormModalBodyProps, type FormModalProps } from './form-modal';
