export type { CampaignOwner } from './model/campaign-form';
export { CampaignFormModal, type CampaignFormModalProps } from './ui/campaign-form-modal';
