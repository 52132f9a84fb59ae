export {
  checkSponsorDeletion,
  createSponsor,
  deleteSponsor,
  fetchSponsor,
  fetchSponsorOptions,
  fetchSponsors,
  SPONSOR_FALLBACKS,
  updateSponsor,
} from './api/sponsor.api';
export { sponsorQueries } from './api/sponsor.queries';
export { sponsorWebsiteHref } from './lib/website';
export type { CountryRef, Sponsor, SponsorPayload } from './model/types';
export { SponsorCard, type SponsorCardProps } from './ui/sponsor-card';
export { SponsorCardSkeleton } from './ui/sponsor-card-skeleton';
export { SponsorFacts } from './ui/sponsor-facts';
export { SponsorLogo, type SponsorLogoProps } from './ui/sponsor-logo';
