export { CategoryFormModal, type CategoryFormModalProps } from './ui/category-form-modal';
