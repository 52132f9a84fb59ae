import { describe, expect, it } from 'vitest';
import { apiClientFields } from './api-client';
import { urlField } from './common';
import { dspFields } from './dsp';
import { sponsorFields } from './sponsor';

describe('one URL rule: a website and a base URL', () => {
  const fields = {
    "a sponsor's website": (value: unknown) => sponsorFields.shape.website_url.safeParse(value),
    "a DSP's website": (value: unknown) => dspFields.shape.website_url.safeParse(value),
    "an API client's base URL": (value: unknown) => apiClientFields.shape.base_url.safeParse(value),
  };

  it.each(Object.entries(fields))('%s takes an address without its scheme and stores it with https://', (_, parse) => {
    expect(parse('app.nortesalud.co')).toMatchObject({ success: true, data: 'https://app.nortesalud.co' });
    expect(parse('  http://app.nortesalud.co/v1 ')).toMatchObject({ success: true, data: 'http://app.nortesalud.co/v1' });
    expect(parse('')).toMatchObject({ success: true, data: null });
    for (const bad of ['no es url', 'ftp://x.example.com', 'javascript:alert(1)']) expect(parse(bad).success, bad).toBe(false);
  });

  it('refuses an address longer than its field allows, with the field’s message', () => {
    const parsed = urlField('Demasiado larga.', 30).safeParse(`app.nortesalud.co/${'a'.repeat(20)}`);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Demasiado larga.']);
  });
});
