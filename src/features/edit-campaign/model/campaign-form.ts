import { CAMPAIGN_MESSAGES, campaignFields } from '@contract/campaign';
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

const FIELDS = { name: true, description: true, status: true, start_date: true, end_date: true, budget: true } as const;

/**
 * The API's own rules and messages for the fields the form edits (sponsor and country come from
 * the sponsor), plus the end date not before the start, which the server checks on the merged
 * record. That check runs even when another field is wrong, so both messages show at once.
 */
export const campaignFormSchema = campaignFields.pick(FIELDS).refine(
  ({ start_date: start, end_date: end }) => !(typeof start === 'string' && typeof end === 'string' && end < start),
  { path: ['end_date'], message: CAMPAIGN_MESSAGES.endBeforeStart, when: () => true },
);

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
