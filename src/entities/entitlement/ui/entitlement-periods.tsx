import { Badge, Group, List, Text } from '@mantine/core';
import { formatEntitlementDate } from '../lib/format';
import type { EntitlementPeriod } from '../api/entitlement.api';

/** The stretches of time a subscription covered, oldest first: 'start – end' and whether it is still open. */
export function EntitlementPeriods({ periods, labelledBy }: { periods: EntitlementPeriod[]; labelledBy?: string }) {
  if (periods.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin periodos
      </Text>
    );
  }
  return (
    <List listStyleType="none" spacing={4} aria-labelledby={labelledBy}>
      {periods.map((period) => (
        <List.Item key={period.id}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{`${formatEntitlementDate(period.starts_at)} – ${formatEntitlementDate(period.ends_at)}`}</Text>
            <Badge size="sm" variant="outline" color={period.is_open ? 'teal.9' : 'gray.7'} radius="sm" tt="none">
              {period.is_open ? 'Abierto' : 'Cerrado'}
            </Badge>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
