import { dspQueries } from '@/entities/dsp';
import type { PageLoad } from '@/shared/lib';
import { dspListParams, type DspConfigSearch } from './search';

/** Starts loading the DSPs (and an open configuration's DSP) while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<DspConfigSearch, unknown>) => {
  void queryClient.prefetchQuery(dspQueries.list(dspListParams(search)));
  if (search.config) void queryClient.prefetchQuery(dspQueries.detail(search.config));
};
