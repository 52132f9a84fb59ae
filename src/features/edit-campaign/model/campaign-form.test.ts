import { CAMPAIGN_MESSAGES } from '@contract/campaign';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { campaignFormSchema, initialCampaignFormValues, type CampaignFormValues } from './campaign-form';

const validate = schemaResolver(campaignFormSchema, { sync: true });
const values = (patch: Partial<CampaignFormValues>): CampaignFormValues => ({ ...initialCampaignFormValues(null), name: 'Hogar', ...patch });

describe('campaign form validation (the contract’s rules)', () => {
  it('accepts a new campaign with only a name, and empty optional fields', () => {
    expect(validate(values({}))).toEqual({});
  });

  it('asks for a name and refuses a negative budget with the API’s messages', () => {
    expect(validate(values({ name: '  ', budget: -1 }))).toEqual({ name: CAMPAIGN_MESSAGES.nameRequired, budget: CAMPAIGN_MESSAGES.budget });
  });

  it('refuses an end date before the start, even when another field is wrong too', () => {
    expect(validate(values({ start_date: '2026-05-10', end_date: '2026-05-01' }))).toEqual({ end_date: CAMPAIGN_MESSAGES.endBeforeStart });
    expect(validate(values({ name: '', start_date: '2026-05-10', end_date: '2026-05-01' }))).toEqual({
      name: CAMPAIGN_MESSAGES.nameRequired,
      end_date: CAMPAIGN_MESSAGES.endBeforeStart,
    });
    expect(validate(values({ start_date: '2026-05-10', end_date: '2026-05-10' }))).toEqual({});
  });
});
