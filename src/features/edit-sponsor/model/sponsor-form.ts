import { SPONSOR_MESSAGES } from '@contract/sponsor';
import { ApiError } from '@/shared/api';
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

/** The server's refusals, under the fields they concern; a refused file (413/415) under the logo. */
export function sponsorFieldErrors(error: unknown): Partial<Record<keyof SponsorFormValues, string>> {
  if (!(error instanceof ApiError)) return {};
  const errors: Partial<Record<keyof SponsorFormValues, string>> = {};
  for (const field of ['name', 'country_id', 'website_url', 'logo'] as const) {
    const message = error.fieldError(field);
    if (message) errors[field] = message;
  }
  if (error.status === 413 || error.status === 415) errors.logo ??= error.message;
  return errors;
}
