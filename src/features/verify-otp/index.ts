export { VerifyOtpForm, type VerifyOtpFormProps } from './ui/verify-otp-form';
