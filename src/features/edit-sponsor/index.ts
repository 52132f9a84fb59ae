import { lazyModal } from '@/shared/ui/lazy-modal';

export type { SponsorFormModalProps } from './ui/sponsor-form-modal';

/** Its code loads when it first opens. */
export const SponsorFormModal = lazyModal(() => import('./ui/sponsor-form-modal').then((module) => module.SponsorFormModal));
