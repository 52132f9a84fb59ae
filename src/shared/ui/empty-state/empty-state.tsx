import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconInbox } from '../icons';

export interface EmptyStateProps {
  /** @default an inbox */
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  /** E.g. a 'Nuevo …' button. */
  action?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ icon = <IconInbox size={28} />, title, text, action }: EmptyStateProps) {
  return (
    <MantineEmptyState withIndicatorBackground py="xl">
      <MantineEmptyState.Indicator>{icon}</MantineEmptyState.Indicator>
      <MantineEmptyState.Title order={2}>{title}</MantineEmptyState.Title>
      {text ? <MantineEmptyState.Description>{text}</MantineEmptyState.Description> : null}
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
