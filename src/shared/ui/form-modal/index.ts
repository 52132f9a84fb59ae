export {
  FormModal,
  FormModalBody,
  UNSAVED_CHANGES_QUESTION,
  bannerMessage,
  type FormModalBodyProps,
  type FormModalProps,
} from './form-modal';
