import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Campaign } from '../model/types';
import { CampaignImage } from './campaign-image';
import { CampaignStatusBadge } from './campaign-status-badge';

export interface CampaignCardProps {
  campaign: Campaign;
  /** The sponsor's name when the campaign does not carry it (include=sponsor). */
  sponsorName?: string;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A campaign in a grid: image, name, status, description, country and sponsor. */
export function CampaignCard({ campaign, sponsorName, actions }: CampaignCardProps) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="article" aria-label={campaign.name}>
      <Card.Section>
        <CampaignImage name={campaign.name} imageUrl={campaign.image_url} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flexGrow: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" lineClamp={2}>
            {campaign.name}
          </Title>
          <CampaignStatusBadge status={campaign.status} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
          {campaign.description || 'Sin descripción'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            País:{' '}
          </Text>
          {campaign.country?.name ?? '—'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Sponsor:{' '}
          </Text>
          {campaign.sponsor?.name ?? sponsorName ?? '—'}
        </Text>
        {actions ? (
          <Group gap="xs" wrap="wrap" mt="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
