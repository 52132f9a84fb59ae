export { createLogMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';
export { loginCodeMessage, passwordChangedMessage, recoveryCodeMessage } from './messages';
