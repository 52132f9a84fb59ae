import { lazyRouteComponent } from '@tanstack/react-router';

export const RecoverPage = lazyRouteComponent(() => import('./ui/recover-page'), 'RecoverPage');
export { recoverSearchSchema } from './model/search';
