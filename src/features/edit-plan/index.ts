export { PlanWizardModal, type PlanWizardModalProps } from './ui/plan-wizard-modal';
