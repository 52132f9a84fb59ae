import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Campaign } from '../api/campaign.api';

/** 'Ver Detalles': opens the campaign's page under its sponsor. */
export function CampaignDetailsButton({ campaign }: { campaign: Pick<Campaign, 'id' | 'sponsor_id'> }) {
  return (
    <Button
      size="xs"
      variant="light"
      renderRoot={(props) => (
        <Link
          to="/sponsor/$sponsorId/campaign/$campanaId"
          params={{ sponsorId: String(campaign.sponsor_id), campanaId: String(campaign.id) }}
          {...props}
        />
      )}
    >
      Ver Detalles
    </Button>
  );
}
