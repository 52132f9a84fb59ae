import { DSP_MESSAGES } from '@contract/dsp';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_REQUIRED,
  FIELDS_TO_FIX,
  REQUIRED_FIELDS_MISSING,
  dspFormSchema,
  initialDspFormValues,
  submitBlocker,
  type DspFormValues,
} from './dsp-form';

const validate = schemaResolver(dspFormSchema, { sync: true });
const values = (patch: Partial<DspFormValues>): DspFormValues => ({
  ...initialDspFormValues(null),
  name: 'Tienda',
  country_id: '3',
  sponsor_id: '1',
  campaign_id: '501',
  plans: ['901'],
  settings: '{"name":"Tienda"}',
  ...patch,
});

describe('DSP form validation (the contract’s rules and messages)', () => {
  it('accepts the required fields with a JSON object as settings', () => {
    expect(validate(values({}))).toEqual({});
    expect(submitBlocker(validate(values({})))).toBeNull();
  });

  it('asks for each required field', () => {
    expect(validate(values({ name: ' ', country_id: null, sponsor_id: null, campaign_id: null, plans: [], settings: '' }))).toEqual({
      name: DSP_MESSAGES.nameRequired,
      country_id: DSP_MESSAGES.countryRequired,
      sponsor_id: DSP_MESSAGES.sponsorRequired,
      campaign_id: CAMPAIGN_REQUIRED,
      plans: DSP_MESSAGES.plansRequired,
      settings: DSP_MESSAGES.settingsRequired,
    });
  });

  it('tells empty, broken and non-object settings apart', () => {
    expect(validate(values({ settings: '  ' })).settings).toBe(DSP_MESSAGES.settingsRequired);
    expect(validate(values({ settings: '{"a":' })).settings).toBe(DSP_MESSAGES.settingsInvalid);
    expect(validate(values({ settings: '"texto"' })).settings).toBe(DSP_MESSAGES.settingsNotObject);
  });

  it('says why Guardar is off: missing required fields first, then the settings, then a wrong optional field', () => {
    expect(submitBlocker(validate(values({ name: '', settings: '' })))).toBe(REQUIRED_FIELDS_MISSING);
    expect(submitBlocker(validate(values({ settings: '{' })))).toBe(DSP_MESSAGES.settingsInvalid);
    expect(submitBlocker(validate(values({ email_primary: 'no-es-email' })))).toBe(FIELDS_TO_FIX);
  });
});
