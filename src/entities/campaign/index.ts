export {
  CAMPAIGN_FALLBACKS,
  checkCampaignDeletion,
  createCampaign,
  deleteCampaign,
  fetchCampaign,
  fetchCampaignOptions,
  fetchCampaigns,
  updateCampaign,
  campaignDeletion,
  campaignQueries,
  type Campaign,
  type CampaignPayload,
  type CampaignPlan,
  type CampaignStatus,
} from './api/campaign.api';
export { formatBudget, formatCampaignDate } from './lib/format';
export { CAMPAIGN_FORM_STATUSES, CAMPAIGN_STATUSES, CAMPAIGN_STATUS_TONES, CAMPAIGN_STATUS_LABELS } from './model/status';
export { CampaignCard, type CampaignCardProps } from './ui/campaign-card';
export { CampaignCardSkeleton } from './ui/campaign-card-skeleton';
export { CampaignFilter, useCampaignFilterLabel } from './ui/campaign-filter';
export { CampaignDetailsButton } from './ui/campaign-details-button';
export { CampaignImage, type CampaignImageProps } from './ui/campaign-image';
export { CampaignStatusBadge } from './ui/campaign-status-badge';
