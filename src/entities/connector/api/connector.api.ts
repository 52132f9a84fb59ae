import type { Connector, ConnectorDriver, ConnectorPlan, ConnectorType, PlanMapping } from '@contract/connector';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { CONNECTOR_DEFAULT_SORT, CONNECTOR_INCLUDES } from '@contract/connector.constants';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type Paginated, type Deletion } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { Connector, ConnectorDriver, ConnectorPlan, ConnectorType, PlanMapping };

/**
 * What the connector form sends (JSON). settings and params are objects; a credential the server
 * showed masked travels back masked, which keeps the stored value.
 */
export interface ConnectorPayload {
  key: string;
  driver: ConnectorDriver;
  type: ConnectorType;
  enabled: boolean;
  settings: Record<string, unknown>;
  params: Record<string, unknown>;
  /** Free text; null clears it. Spelled as the API spells it. */
  varification_policy: string | null;
  plans: PlanMapping[];
}

/** What staff read when a connector call fails without a message of its own. */
export const CONNECTOR_FALLBACKS = {
  list: 'No se pudieron cargar los conectores',
  save: 'No se pudo guardar el conector',
  delete: 'No se pudo eliminar el conector',
} as const;

const withPlans = CONNECTOR_INCLUDES.join(',');

/** Every connector of a DSP with its plan map, by key (the configuration shows them all). */
export const fetchDspConnectors = (dspId: number, signal?: AbortSignal) =>
  api.get<Paginated<Connector>>(`v1/dsps/${dspId}/connectors`, {
    searchParams: listSearchParams({ include: [withPlans], sort: CONNECTOR_DEFAULT_SORT, limit: LOAD_LIMIT.connectors }),
    fallback: CONNECTOR_FALLBACKS.list,
    signal,
  });

/** One connector with its plan map. */
export const fetchConnector = (id: number, signal?: AbortSignal) =>
  api.get<Connector>(`v1/connectors/${id}`, { searchParams: { include: withPlans }, fallback: CONNECTOR_FALLBACKS.list, signal });

export const createConnector = (dspId: number, payload: ConnectorPayload) =>
  api.post<Connector>(`v1/dsps/${dspId}/connectors`, { json: payload, fallback: CONNECTOR_FALLBACKS.save });

/** Updates travel as POST with `_method=PUT`; fields left out stay as they are (`{enabled}` alone toggles it); `version` (the one the form opened) turns a stale save into a 409. */
export const updateConnector = (id: number, payload: Partial<ConnectorPayload>, version?: number) =>
  api.post<Connector>(`v1/connectors/${id}`, { json: { _method: 'PUT', ...payload }, fallback: CONNECTOR_FALLBACKS.save, version });

export const deleteConnector = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/connectors/${id}`, { fallback: CONNECTOR_FALLBACKS.delete, version });

/** Whether the connector can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkConnectorDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/connectors/${id}/deletion`, { fallback: CONNECTOR_FALLBACKS.delete });

const keys = entityKeys('connectors');

/** Query keys and options for connectors; writes invalidate `lists()` and the connector's `detail`. */
export const connectorQueries = {
  ...keys,
  /** A DSP's connectors, all of them, each with its plan map. */
  list: (dspId: number) =>
    queryOptions({
      queryKey: [...keys.lists(), dspId] as const,
      queryFn: ({ signal }) => fetchDspConnectors(dspId, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchConnector(id, signal),
    }),
};

export const connectorDeletion: Deletion<Connector> = {
  title: 'Eliminar conector',
  describe: (connector) => ({
    before: '¿Eliminar este conector? Se eliminará el conector ',
    name: connector.key,
    after: ' y su mapa de planes. Se podrá restaurar desde el historial.',
  }),
  deleted: 'Conector eliminado.',
  remove: deleteConnector,
  check: checkConnectorDeletion,
  queries: connectorQueries,
};
