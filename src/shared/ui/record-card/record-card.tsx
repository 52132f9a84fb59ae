import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import './record-card.css';

/** The class of a card in a grid of records (see record-card.css), for a card not built on RecordCard. */
export const RECORD_CARD_CLASS = 'record-card';

export interface RecordCardProps {
  /** The record's name: the card's heading and its accessible name (an `article` named by it). */
  name: string;
  /** A picture across the top, if any. */
  banner?: ReactNode;
  /** Beside the name: the record's status. */
  badge?: ReactNode;
  /** The card's buttons, supplied by the page, at its foot. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A record in a grid of cards (campaigns, plans, services, campaign categories): cards in a row
 * share their height, and the buttons stay at the foot however long the text above them is.
 */
export function RecordCard({ name, banner, badge, actions, children }: RecordCardProps) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="article" aria-label={name} className={RECORD_CARD_CLASS}>
      {banner ? <Card.Section>{banner}</Card.Section> : null}
      <Stack gap="xs" mt={banner ? 'md' : 0} style={{ flexGrow: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" lineClamp={2}>
            {name}
          </Title>
          {badge}
        </Group>
        {children}
        {actions ? (
          <Group gap="xs" wrap="wrap" mt="auto" pt="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
