export { RecoverPasswordWizard, type RecoverPasswordWizardProps } from './ui/recover-password-wizard';
