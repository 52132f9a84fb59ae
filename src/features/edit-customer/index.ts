import { lazyModal } from '@/shared/ui/lazy-modal';

export type { CustomerFormModalProps } from './ui/customer-form-modal';

/** Its code loads when it first opens. */
export const CustomerFormModal = lazyModal(() => import('./ui/customer-form-modal').then((module) => module.CustomerFormModal));
