import { lazyModal } from '@/shared/ui/lazy-modal';

export type { ServiceFormModalProps } from './ui/service-form-modal';

/** Its code loads when it first opens. */
export const ServiceFormModal = lazyModal(() => import('./ui/service-form-modal').then((module) => module.ServiceFormModal));
