import { Badge } from '@mantine/core';
import type { CampaignStatus } from '../api/campaign.api';
import { CAMPAIGN_STATUS_COLORS, CAMPAIGN_STATUS_LABELS } from '../model/status';

/** Borrador, Activa, Pausada or Inactiva. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge color={CAMPAIGN_STATUS_COLORS[status] ?? 'gray.7'} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {CAMPAIGN_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
