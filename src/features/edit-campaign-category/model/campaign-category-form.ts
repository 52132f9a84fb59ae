import { CAMPAIGN_CATEGORY_MESSAGES, campaignCategoryFields } from '@contract/campaign-category';
import { z } from 'zod';
import type { CampaignCategory, CampaignCategoryPayload } from '@/entities/campaign-category';

export interface CampaignCategoryFormValues {
  /** The linked root catalogue category's id as the select holds it, or null. */
  category_id: string | null;
  name: string;
  description: string;
  /** A newly chosen image; null keeps the current one. */
  image: File | null;
}

export const initialCampaignCategoryFormValues = (category: CampaignCategory | null): CampaignCategoryFormValues => ({
  category_id: category ? String(category.category_id) : null,
  name: category?.name ?? '',
  description: category?.description ?? '',
  image: null,
});

/** The API's own rules and messages: a catalogue category and a name. */
export const campaignCategoryFormSchema = z.object({
  category_id: z.string({ error: CAMPAIGN_CATEGORY_MESSAGES.categoryRequired }).min(1, CAMPAIGN_CATEGORY_MESSAGES.categoryRequired),
  name: campaignCategoryFields.shape.name,
  description: campaignCategoryFields.shape.description,
});

export const toCampaignCategoryPayload = (values: CampaignCategoryFormValues): CampaignCategoryPayload => ({
  category_id: Number(values.category_id),
  name: values.name.trim(),
  description: values.description.trim(),
  image: values.image,
});
