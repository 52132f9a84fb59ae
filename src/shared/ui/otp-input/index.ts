export { OtpInput, type OtpInputProps } from './otp-input';
export { ResendCode, type ResendCodeProps } from './resend-code';
export { useOtpField } from './use-otp-field';
