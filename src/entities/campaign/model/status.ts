import { CAMPAIGN_FORM_STATUSES, CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '@contract/campaign-status';
import type { BadgeTone } from '@/shared/ui/status-badge';

export { CAMPAIGN_FORM_STATUSES, CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS };

/** Each status's tone, as every status badge of the panel reads it. */
export const CAMPAIGN_STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  DRAFT: 'draft',
  ACTIVE: 'active',
  PAUSED: 'paused',
  INACTIVE: 'off',
};
