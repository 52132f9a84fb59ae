import type { CountryRef } from '@contract/common';
import type { Sponsor } from '@contract/sponsor';

export type { CountryRef, Sponsor };

/** What the sponsor form sends (multipart): the logo only when a new file was chosen. */
export interface SponsorPayload {
  name: string;
  country_id: number;
  /** As typed; the server stores it with https:// added when the scheme is missing. Empty clears it. */
  website_url: string;
  logo?: File | null;
}
