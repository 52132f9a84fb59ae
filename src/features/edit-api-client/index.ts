import { lazyModal } from '@/shared/ui/lazy-modal';

export type { ApiClientFormModalProps } from './ui/api-client-form-modal';

/** Its code loads when it first opens. */
export const ApiClientFormModal = lazyModal(() => import('./ui/api-client-form-modal').then((module) => module.ApiClientFormModal));
