export { createLogMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';
export {
  accountCreatedMessage,
  emailChangedMessage,
  loginCodeMessage,
  passwordChangedMessage,
  passwordSetByAdminMessage,
  recoveryCodeMessage,
} from './messages';
