export { SponsorFormModal, type SponsorFormModalProps } from './ui/sponsor-form-modal';
