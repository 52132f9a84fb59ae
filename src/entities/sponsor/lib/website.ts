import { websiteHref } from '@contract/website';

/**
 * The address 'Visitar sitio' opens: https:// added when the scheme is missing; null (no button)
 * unless it is an http or https URL, so nothing else is ever opened.
 */
export const sponsorWebsiteHref = (sponsor: { website_url: string | null }): string | null => websiteHref(sponsor.website_url);
