import { queryOptions } from '@tanstack/react-query';
import { fetchConnector, fetchDspConnectors } from './connector.api';

/** Query keys and options for connectors; writes invalidate `lists()` and the connector's `detail`. */
export const connectorQueries = {
  all: () => ['connectors'] as const,
  lists: () => [...connectorQueries.all(), 'list'] as const,
  /** A DSP's connectors, all of them, each with its plan map. */
  list: (dspId: number) =>
    queryOptions({
      queryKey: [...connectorQueries.lists(), dspId] as const,
      queryFn: ({ signal }) => fetchDspConnectors(dspId, signal),
    }),
  details: () => [...connectorQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...connectorQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchConnector(id, signal),
    }),
};
