import { SPONSOR_MESSAGES } from '@contract/sponsor';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { initialSponsorFormValues, sponsorFormSchema, type SponsorFormValues } from './sponsor-form';

const validate = schemaResolver(sponsorFormSchema, { sync: true });
const values = (patch: Partial<SponsorFormValues>): SponsorFormValues => ({ ...initialSponsorFormValues(null), name: 'Acme', country_id: '3', ...patch });

describe('sponsor form validation (the contract’s rules)', () => {
  it('accepts a name and a country, with or without a website', () => {
    expect(validate(values({}))).toEqual({});
    expect(validate(values({ website_url: 'acme.com' }))).toEqual({});
  });

  it('asks for the name and the country with the API’s messages', () => {
    expect(validate(values({ name: ' ', country_id: null }))).toEqual({
      name: SPONSOR_MESSAGES.nameRequired,
      country_id: SPONSOR_MESSAGES.countryRequired,
    });
  });

  it('refuses a website that is not http or https', () => {
    expect(validate(values({ website_url: 'javascript:alert(1)' }))).toEqual({ website_url: SPONSOR_MESSAGES.website });
  });
});
