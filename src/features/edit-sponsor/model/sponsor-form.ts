import { sponsorFields } from '@contract/sponsor';
import type { Sponsor, SponsorPayload } from '@/entities/sponsor';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';

export interface SponsorFormValues {
  name: string;
  /** The Select's value: the country id as text, or null. */
  country_id: string | null;
  website_url: string;
  /** A newly chosen logo; null keeps the current one. */
  logo: File | null;
}

export const initialSponsorFormValues = (sponsor: Sponsor | null): SponsorFormValues => ({
  name: sponsor?.name ?? '',
  country_id: sponsor ? String(sponsor.country_id) : null,
  website_url: sponsor?.website_url ?? '',
  logo: null,
});

/**
 * The API's own rules and messages: name and country required, the website empty or http(s).
 * The logo is checked by the image input as it is chosen.
 */
export const sponsorFormSchema = sponsorFields;

export const toSponsorPayload = (values: SponsorFormValues): SponsorPayload => ({
  name: values.name.trim(),
  country_id: Number(values.country_id),
  website_url: values.website_url.trim(),
  logo: values.logo,
});

/** What the conflict dialog compares (the logo being chosen is the person's alone). */
export const sponsorConflictFields = (countries: readonly ConflictOption[]): ConflictFields<SponsorFormValues> => ({
  name: 'Nombre',
  website_url: 'Sitio web',
  country_id: { label: 'País', options: countries },
});
