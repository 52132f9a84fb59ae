import { ENTITLEMENT_STATUS_LABELS } from '@contract/entitlement.constants';
import { List, Stack, Text } from '@mantine/core';
import { formatEntitlementTime } from '../lib/format';
import type { EntitlementStatusHistory } from '../api/entitlement.api';

/**
 * A subscription's status changes as the server lists them, newest first: old → new (the first
 * row, written at creation, has no old status), the reason, who made it (unknown when that person
 * is gone, or for demo data) and when.
 */
export function EntitlementHistory({ history, labelledBy }: { history: EntitlementStatusHistory[]; labelledBy?: string }) {
  if (history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin cambios de estado
      </Text>
    );
  }
  return (
    <List listStyleType="none" spacing="xs" aria-labelledby={labelledBy}>
      {history.map((row) => (
        <List.Item key={row.id}>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {row.old_status
                ? `${ENTITLEMENT_STATUS_LABELS[row.old_status]} → ${ENTITLEMENT_STATUS_LABELS[row.new_status]}`
                : `Alta: ${ENTITLEMENT_STATUS_LABELS[row.new_status]}`}
            </Text>
            <Text size="sm">{row.reason ? `Motivo: ${row.reason}` : 'Sin motivo'}</Text>
            <Text size="xs" c="dimmed">
              {`${row.changed_by?.name ?? 'Autor desconocido'} · ${formatEntitlementTime(row.created_at)}`}
            </Text>
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}
