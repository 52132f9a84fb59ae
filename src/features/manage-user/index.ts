import { lazyModal } from '@/shared/ui/lazy-modal';

export type { UserFormModalProps } from './ui/user-form-modal';

/** Its code loads when it first opens. */
export const UserFormModal = lazyModal(() => import('./ui/user-form-modal').then((module) => module.UserFormModal));
