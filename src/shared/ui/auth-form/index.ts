export { AuthEmailInput, AuthSubmitButton, type AuthSubmitButtonProps } from './auth-form';
