import { Anchor, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fact } from '@/shared/ui/fact';
import { formatMonths, formatPlanPrice, planListItems } from '../lib/format';
import type { Plan } from '../api/plan.api';
import { PlanStatusBadge } from './plan-status-badge';

function LineList({ title, text, empty }: { title: string; text: string | null; empty: string }) {
  const items = planListItems(text);
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {items.length > 0 ? (
        <List size="sm" spacing={2}>
          {items.map((item, index) => (
            <List.Item key={index}>{item}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

/** Everything a plan says about itself, as its detail modal shows it. */
export function PlanDetails({ plan }: { plan: Plan }) {
  const services = plan.services ?? [];
  return (
    <Stack gap="lg">
      {plan.description ? <Text size="sm">{plan.description}</Text> : null}
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label="Precio">{formatPlanPrice(plan)}</Fact>
        <Fact label="Permanencia">{formatMonths(plan.commitment_months)}</Fact>
        <Fact label="Estado">
          <PlanStatusBadge status={plan.status} />
        </Fact>
        <Fact label="Renovación automática">{plan.auto_renew ? 'Sí' : 'No'}</Fact>
        <Fact label="Días de prueba">{plan.trial_days ?? '—'}</Fact>
        <Fact label="Código Apolo">{plan.apolo_code_ref ?? '—'}</Fact>
        <Fact label="Plan base">{plan.plan_id !== null ? (plan.parent?.name ?? `Plan ${plan.plan_id}`) : '—'}</Fact>
        <Fact label="Documento">
          {plan.document_url ? (
            <Anchor href={plan.document_url} target="_blank" rel="noopener noreferrer">
              Ver PDF
            </Anchor>
          ) : (
            'Sin PDF'
          )}
        </Fact>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LineList title="Inclusiones" text={plan.inclusions} empty="Sin inclusiones" />
        <LineList title="Exclusiones" text={plan.exclusions} empty="Sin exclusiones" />
      </SimpleGrid>
      <Stack gap={4}>
        <Title order={3} size="h6">
          Servicios
        </Title>
        {services.length > 0 ? (
          <List size="sm" spacing={2}>
            {services.map((service) => (
              <List.Item key={service.id}>{service.name}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            Este plan todavía no tiene servicios.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
