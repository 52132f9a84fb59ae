export {
  FormModal,
  FormModalBody,
  SaveFormBody,
  bannerMessage,
  useConflictDialog,
  type FormConflict,
  type FormModalBodyProps,
  type FormModalProps,
  type SaveFormBodyProps,
} from './form-modal';
