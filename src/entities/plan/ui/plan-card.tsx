import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordCard } from '@/shared/ui/record-card';
import { formatPlanPrice } from '../lib/format';
import type { Plan } from '../api/plan.api';
import { PlanDocumentBadge } from './plan-document-badge';
import { PlanImage } from './plan-image';
import { PlanStatusBadge } from './plan-status-badge';

/** A card names at most this many services; the rest are counted. */
export const CARD_SERVICES_SHOWN = 3;

export interface PlanCardProps {
  plan: Plan;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A plan in a grid: image, name, status, price, base plan, description, services and its PDF. */
export function PlanCard({ plan, actions }: PlanCardProps) {
  const services = plan.services ?? [];
  const hidden = services.length - CARD_SERVICES_SHOWN;
  return (
    <RecordCard
      name={plan.name}
      banner={<PlanImage name={plan.name} imageUrl={plan.image_url} />}
      badge={<PlanStatusBadge status={plan.status} />}
      actions={actions}
    >
      <Text fw={700} size="lg" c={plan.price === null ? 'dimmed' : undefined}>
        {formatPlanPrice(plan)}
      </Text>
      {plan.plan_id !== null || plan.document_url ? (
        <Group gap="xs">
          {plan.plan_id !== null ? (
            <Badge variant="filled" color="grape.8" autoContrast radius="sm" tt="none" maw="100%">
              {`Mejora de ${plan.parent?.name ?? 'otro plan'}`}
            </Badge>
          ) : null}
          {plan.document_url ? (
            <PlanDocumentBadge />
          ) : null}
        </Group>
      ) : null}
      <Text size="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
        {plan.description || 'Sin descripción'}
      </Text>
      {services.length > 0 ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Servicios
          </Text>
          <Group gap={6}>
            {services.slice(0, CARD_SERVICES_SHOWN).map((service) => (
              <Badge key={service.id} variant="outline" color="gray.7" radius="sm" tt="none" maw="100%">
                {service.name}
              </Badge>
            ))}
            {hidden > 0 ? (
              <Text size="xs" c="dimmed">
                {`+${hidden} más`}
              </Text>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          Sin servicios
        </Text>
      )}
    </RecordCard>
  );
}
