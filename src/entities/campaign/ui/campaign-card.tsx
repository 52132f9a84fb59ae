import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordCard } from '@/shared/ui/record-card';
import type { Campaign } from '../api/campaign.api';
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
    <RecordCard
      name={campaign.name}
      banner={<CampaignImage name={campaign.name} imageUrl={campaign.image_url} />}
      badge={<CampaignStatusBadge status={campaign.status} />}
      actions={actions}
    >
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
    </RecordCard>
  );
}
