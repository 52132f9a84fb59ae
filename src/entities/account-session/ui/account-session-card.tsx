import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatSessionTime } from '../lib/format';
import type { AccountSession } from '../api/account-session.api';
import { Fact } from '@/shared/ui/fact';

export interface AccountSessionCardProps {
  session: AccountSession;
  /** E.g. the 'Cerrar esta sesión' button. */
  actions?: ReactNode;
}

/**
 * One open session as a list item: device, address, when it started and when it was last used,
 * and a mark on the one this browser holds. A card at every width, so phones stack them.
 */
export function AccountSessionCard({ session, actions }: AccountSessionCardProps) {
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-current={session.current ? 'true' : undefined}>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap="xs" style={{ flex: '1 1 320px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{session.device}</Text>
            {session.current ? (
              <Badge color="teal.9" variant="filled" autoContrast radius="sm" tt="none">
                Esta sesión
              </Badge>
            ) : null}
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing="xs" m={0}>
            <Fact label="Dirección">{session.address ?? 'Desconocida'}</Fact>
            <Fact label="Iniciada">{formatSessionTime(session.created_at)}</Fact>
            {/* A session not used since it started has no last use of its own. */}
            <Fact label="Último uso">{formatSessionTime(session.last_used_at ?? session.created_at)}</Fact>
          </SimpleGrid>
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}
