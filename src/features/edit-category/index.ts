import { lazyModal } from '@/shared/ui/lazy-modal';

export type { CategoryFormModalProps } from './ui/category-form-modal';

/** Its code loads when it first opens. */
export const CategoryFormModal = lazyModal(() => import('./ui/category-form-modal').then((module) => module.CategoryFormModal));
