export { AuthenticatorAppSettings } from './ui/authenticator-app-settings';
