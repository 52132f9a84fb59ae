import type { Campaign, CampaignPlan, CampaignStatus } from '@contract/campaign';

export type { Campaign, CampaignPlan, CampaignStatus };

/** What the campaign form sends (multipart): the image only when a new file was chosen. */
export interface CampaignPayload {
  name: string;
  description: string;
  status: CampaignStatus;
  sponsor_id: number;
  country_id: number;
  /** 'YYYY-MM-DD'; empty clears it. */
  start_date: string;
  end_date: string;
  /** Empty clears it. */
  budget: number | '';
  image?: File | null;
}
