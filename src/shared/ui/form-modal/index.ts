export { FormModal, FormModalBody, SaveFormBody, bannerMessage, type FormModalBodyProps, type FormModalProps, type SaveFormBodyProps } from './form-modal';
