import { Image, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordCard } from '@/shared/ui/record-card';
import { Fact } from '@/shared/ui/fact';
import { formatServiceCoverage, formatServiceEvents } from '../lib/format';
import type { Service } from '../api/service.api';
import { ServiceActiveBadge } from './service-active-badge';

export interface ServiceCardProps {
  service: Service;
  /** The plan it belongs to; the campaign page knows it even when the service does not carry it. */
  planName: string;
  /** Its campaign category's name, or null without one. */
  categoryName: string | null;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A service in a grid: name, active badge, events, coverage, category, plan and Apolo code. */
export function ServiceCard({ service, planName, categoryName, actions }: ServiceCardProps) {
  return (
    <RecordCard
      name={service.name}
      banner={service.image_url ? <Image src={service.image_url} alt={`Imagen de ${service.name}`} h={120} fit="cover" /> : null}
      badge={<ServiceActiveBadge active={service.is_active} />}
      actions={actions}
    >
      {service.description ? (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {service.description}
        </Text>
      ) : null}
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing="xs" m={0} style={{ flexGrow: 1 }}>
        <Fact label="Eventos">{formatServiceEvents(service)}</Fact>
        <Fact label="Cobertura">{formatServiceCoverage(service)}</Fact>
        <Fact label="Categoría">{categoryName ?? 'Sin categoría'}</Fact>
        <Fact label="Plan">{planName}</Fact>
        <Fact label="Código Apolo">{service.apolo_code_ref ?? '—'}</Fact>
      </SimpleGrid>
    </RecordCard>
  );
}
