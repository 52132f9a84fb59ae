import { SPONSOR_MESSAGES } from '@contract/sponsor';
import type { Sponsor, SponsorPayload } from '@/entities/sponsor';

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
  website_url: sponsor?.website_url ?? sponsor?.website ?? '',
  logo: null,
});

/** Spec section 5: name and country required (the website is free text; the server normalises it). */
export const validateSponsorForm = {
  name: (value: string) => (value.trim() ? null : SPONSOR_MESSAGES.nameRequired),
  country_id: (value: string | null) => (value ? null : SPONSOR_MESSAGES.countryRequired),
};

export const toSponsorPayload = (values: SponsorFormValues): SponsorPayload => ({
  name: values.name.trim(),
  country_id: Number(values.country_id),
  website_url: values.website_url.trim(),
  logo: values.logo,
});
