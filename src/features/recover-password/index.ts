export { RecoverPasswordWizard } from './ui/recover-password-wizard';
