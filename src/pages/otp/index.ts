import { lazyRouteComponent } from '@tanstack/react-router';

export const OtpPage = lazyRouteComponent(() => import('./ui/otp-page'), 'OtpPage');
export { otpSearchSchema } from './model/search';
