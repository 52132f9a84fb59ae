import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccountSectionProps {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  /** E.g. 'Cerrar todas las demás', beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One bordered block of 'Mi cuenta' with its own h2. */
export function AccountSection({ id, title, actions, children }: AccountSectionProps) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
