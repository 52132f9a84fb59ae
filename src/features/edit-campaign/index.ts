export type { CampaignOwner } from './model/campaign-form';
export { CampaignFormModal, type CampaignFormModalProps } from './ui/campaign-form-modal';
export { DeleteCampaignDialog, type DeleteCampaignDialogProps } from './ui/delete-campaign-dialog';
