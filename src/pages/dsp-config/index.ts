import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { dspConfigSearchSchema } from './model/search';

/** The DSP screen's route: its search (list and open configuration), its prefetch and its lazy page. */
export const dspConfigRoute = pageRoute({
  validateSearch: dspConfigSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/dsp-config-page'), 'DspConfigPage'),
});
