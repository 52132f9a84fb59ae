import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import '../focus.css';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right, e.g. 'Nuevo Sponsor'. */
  actions?: ReactNode;
}

/**
 * Moves focus to the page's h1, e.g. after a list changed page or lost the row whose button had
 * focus, so keyboard and screen-reader users start again from the top of what changed instead of
 * from the document's body. Waits a tick for a closing dialog to let go of focus.
 */
export function focusPageHeading() {
  setTimeout(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus(), 0);
}

/** The page's h1 (focusable by script, not by Tab), its description and its main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap" mb="lg">
      <Stack gap={4}>
        <Title order={1} size="h2" tabIndex={-1} data-page-heading>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
