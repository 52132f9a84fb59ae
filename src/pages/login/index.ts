import { lazyRouteComponent } from '@tanstack/react-router';

export const LoginPage = lazyRouteComponent(() => import('./ui/login-page'), 'LoginPage');
export { loginSearchSchema } from './model/search';
