export { CampaignCategoryFormModal, type CampaignCategoryFormModalProps } from './ui/campaign-category-form-modal';
