import { StatusBadge } from '@/shared/ui/status-badge';
import type { CampaignStatus } from '../api/campaign.api';
import { CAMPAIGN_STATUS_LABELS, CAMPAIGN_STATUS_TONES } from '../model/status';

/** Borrador, Activa, Pausada or Inactiva. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusBadge tone={CAMPAIGN_STATUS_TONES[status] ?? 'off'}>{CAMPAIGN_STATUS_LABELS[status] ?? status}</StatusBadge>;
}
