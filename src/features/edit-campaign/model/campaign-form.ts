import { CAMPAIGN_MESSAGES } from '@contract/campaign';
import type { Campaign, CampaignPayload, CampaignStatus } from '@/entities/campaign';

export interface CampaignFormValues {
  name: string;
  description: string;
  status: CampaignStatus;
  /** 'YYYY-MM-DD' or null. */
  start_date: string | null;
  end_date: string | null;
  /** A number, or '' when empty (Mantine's NumberInput). */
  budget: number | string;
  /** A newly chosen image; null keeps the current one. */
  image: File | null;
}

/** The sponsor a campaign belongs to, as the form shows it (read-only). */
export interface CampaignOwner {
  id: number;
  name: string;
  country_id: number;
  country?: { id: number; name: string };
}

export const initialCampaignFormValues = (campaign: Campaign | null): CampaignFormValues => ({
  name: campaign?.name ?? '',
  description: campaign?.description ?? '',
  status: campaign?.status ?? 'DRAFT',
  start_date: campaign?.start_date ?? null,
  end_date: campaign?.end_date ?? null,
  budget: campaign?.budget ?? '',
  image: null,
});

export const validateCampaignForm = {
  name: (value: string) => (value.trim() ? null : CAMPAIGN_MESSAGES.nameRequired),
  end_date: (value: string | null, values: CampaignFormValues) =>
    value && values.start_date && value < values.start_date ? CAMPAIGN_MESSAGES.endBeforeStart : null,
  budget: (value: number | string) => (typeof value === 'number' && value < 0 ? CAMPAIGN_MESSAGES.budget : null),
};

export const toCampaignPayload = (values: CampaignFormValues, sponsorId: number, countryId: number): CampaignPayload => ({
  name: values.name.trim(),
  description: values.description.trim(),
  status: values.status,
  sponsor_id: sponsorId,
  country_id: countryId,
  start_date: values.start_date ?? '',
  end_date: values.end_date ?? '',
  budget: typeof values.budget === 'number' ? values.budget : '',
  image: values.image,
});
