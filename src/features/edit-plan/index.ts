import { lazyModal } from '@/shared/ui/lazy-modal';

export type { PlanWizardModalProps } from './ui/plan-wizard-modal';

/** Its code loads when it first opens. */
export const PlanWizardModal = lazyModal(() => import('./ui/plan-wizard-modal').then((module) => module.PlanWizardModal));
