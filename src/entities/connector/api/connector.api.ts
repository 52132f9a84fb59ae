import type { DeletionCheck } from '@contract/common';
import { CONNECTOR_DEFAULT_SORT, CONNECTOR_INCLUDES } from '@contract/connector.constants';
import { api, listSearchParams, type Paginated } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';
import type { Connector, ConnectorPayload } from '../model/types';

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

/** Updates travel as POST with `_method=PUT`; fields left out stay as they are (`{enabled}` alone toggles it). */
export const updateConnector = (id: number, payload: Partial<ConnectorPayload>) =>
  api.post<Connector>(`v1/connectors/${id}`, { json: { _method: 'PUT', ...payload }, fallback: CONNECTOR_FALLBACKS.save });

export const deleteConnector = (id: number) => api.delete<null>(`v1/connectors/${id}`, { fallback: CONNECTOR_FALLBACKS.delete });

/** Whether the connector can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkConnectorDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/connectors/${id}/deletion`, { fallback: CONNECTOR_FALLBACKS.delete });
