export {
  CAMPAIGN_CATEGORY_FALLBACKS,
  checkCampaignCategoryDeletion,
  createCampaignCategory,
  deleteCampaignCategory,
  fetchCampaignCategories,
  updateCampaignCategory,
  campaignCategoryDeletion,
  campaignCategoryQueries,
  type CampaignCategory,
  type CampaignCategoryPayload,
} from './api/campaign-category.api';
export { CampaignCategoryCard, type CampaignCategoryCardProps } from './ui/campaign-category-card';
