import { lazyModal } from '@/shared/ui/lazy-modal';

export type { CampaignOwner } from './model/campaign-form';
export type { CampaignFormModalProps } from './ui/campaign-form-modal';

/** Its code loads when it first opens. */
export const CampaignFormModal = lazyModal(() => import('./ui/campaign-form-modal').then((module) => module.CampaignFormModal));
