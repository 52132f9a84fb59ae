import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { Fact } from '@/shared/ui/fact';
import { RecordCard } from '@/shared/ui/record-card';
import { CONNECTOR_DRIVER_LABELS, CONNECTOR_TYPE_LABELS } from '../model/labels';
import type { Connector } from '../api/connector.api';
import { ConnectorStatusBadge } from './connector-status-badge';

export interface ConnectorCardProps {
  connector: Connector;
  /** Beside the key; the static Activo/Inactivo badge unless the page gives one it can click. */
  badge?: ReactNode;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

const mappedPlans = (count: number) => (count === 1 ? '1 plan' : `${count} planes`);

/** A connector in a grid: its key, status, driver, type and how many plans it maps. */
export function ConnectorCard({ connector, badge, actions }: ConnectorCardProps) {
  return (
    <RecordCard name={connector.key} badge={badge ?? <ConnectorStatusBadge enabled={connector.enabled} />} actions={actions}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing="xs" m={0} style={{ flexGrow: 1 }}>
        <Fact label="Driver">{CONNECTOR_DRIVER_LABELS[connector.driver]}</Fact>
        <Fact label="Tipo">{CONNECTOR_TYPE_LABELS[connector.type]}</Fact>
        <Fact label="Planes mapeados">{mappedPlans(connector.plans?.length ?? 0)}</Fact>
      </SimpleGrid>
    </RecordCard>
  );
}
