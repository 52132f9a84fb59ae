import { lazyRouteComponent } from '@tanstack/react-router';

export const DspConfigPage = lazyRouteComponent(() => import('./ui/dsp-config-page'), 'DspConfigPage');
