import type { Connector, ConnectorDriver, ConnectorPlan, ConnectorType, PlanMapping } from '@contract/connector';

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
