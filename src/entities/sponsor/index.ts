export {
  checkSponsorDeletion,
  createSponsor,
  deleteSponsor,
  fetchSponsor,
  fetchSponsorOptions,
  fetchSponsors,
  SPONSOR_FALLBACKS,
  updateSponsor,
  sponsorDeletion,
  sponsorQueries,
  type CountryRef,
  type Sponsor,
  type SponsorPayload,
} from './api/sponsor.api';
export { sponsorWebsiteHref } from './lib/website';
export { SponsorCard, type SponsorCardProps } from './ui/sponsor-card';
export { SponsorCardSkeleton } from './ui/sponsor-card-skeleton';
export { SponsorFacts } from './ui/sponsor-facts';
export { SponsorLogo, type SponsorLogoProps } from './ui/sponsor-logo';
