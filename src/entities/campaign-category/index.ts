export {
  CAMPAIGN_CATEGORY_FALLBACKS,
  checkCampaignCategoryDeletion,
  createCampaignCategory,
  deleteCampaignCategory,
  fetchCampaignCategories,
  updateCampaignCategory,
} from './api/campaign-category.api';
export { campaignCategoryQueries } from './api/campaign-category.queries';
export type { CampaignCategory, CampaignCategoryPayload } from './model/types';
export { CampaignCategoryCard, type CampaignCategoryCardProps } from './ui/campaign-category-card';
