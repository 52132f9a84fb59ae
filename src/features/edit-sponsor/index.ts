export { DeleteSponsorDialog, type DeleteSponsorDialogProps } from './ui/delete-sponsor-dialog';
export { SponsorFormModal, type SponsorFormModalProps } from './ui/sponsor-form-modal';
