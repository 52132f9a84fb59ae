import { lazyModal } from '@/shared/ui/lazy-modal';

export type { CampaignCategoryFormModalProps } from './ui/campaign-category-form-modal';

/** Its code loads when it first opens. */
export const CampaignCategoryFormModal = lazyModal(() => import('./ui/campaign-category-form-modal').then((module) => module.CampaignCategoryFormModal));
