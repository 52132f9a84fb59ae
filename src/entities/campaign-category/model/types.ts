import type { CampaignCategory } from '@contract/campaign-category';

export type { CampaignCategory };

/** What the campaign category form sends (multipart); the image only when a new one was chosen. */
export interface CampaignCategoryPayload {
  name: string;
  description: string;
  /** The linked catalogue category (a root one). */
  category_id: number;
  image?: File | null;
}
