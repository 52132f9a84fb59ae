import { serviceQueries } from '@/entities/service';
import type { PageLoad } from '@/shared/lib';
import { servicesListParams, type ServicesSearch } from './search';

/** Starts loading the services while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<ServicesSearch, unknown>) => {
  void queryClient.prefetchQuery(serviceQueries.list(servicesListParams(search)));
};
