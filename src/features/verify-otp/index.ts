export { VerifyAppCodeForm, type VerifyAppCodeFormProps } from './ui/verify-app-code-form';
export { VerifyOtpForm, type VerifyOtpFormProps } from './ui/verify-otp-form';
