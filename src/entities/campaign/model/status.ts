import { CAMPAIGN_FORM_STATUSES, CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '@contract/campaign-status';

export { CAMPAIGN_FORM_STATUSES, CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS };

/** Badge colours; filled with automatic contrast, so every one stays readable. */
export const CAMPAIGN_STATUS_COLORS: Record<CampaignStatus, string> = {
  DRAFT: 'gray.7',
  ACTIVE: 'teal.9',
  PAUSED: 'yellow.5',
  INACTIVE: 'red.8',
};
