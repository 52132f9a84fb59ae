import { lazyModal } from '@/shared/ui/lazy-modal';

export type { DspFormModalProps } from './ui/dsp-form-modal';

/** Its code loads when it first opens. */
export const DspFormModal = lazyModal(() => import('./ui/dsp-form-modal').then((module) => module.DspFormModal));
