import { Anchor } from '@mantine/core';
import { InlineFact } from '@/shared/ui/fact';
import type { Sponsor } from '../api/sponsor.api';
import { sponsorWebsiteHref } from '../lib/website';

interface SponsorFactsProps {
  sponsor: Sponsor;
  /** Cut a long website to one line (the card); the header shows it whole. */
  truncate?: boolean;
}

/** 'País' and 'Sitio web' with a dash when missing; the website links out only when it is http(s). */
export function SponsorFacts({ sponsor, truncate = false }: SponsorFactsProps) {
  const website = sponsor.website_url;
  const href = sponsorWebsiteHref(sponsor);
  return (
    <>
      <InlineFact label="País">{sponsor.country?.name ?? '—'}</InlineFact>
      <InlineFact label="Sitio web" truncate={truncate}>
        {website && href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
            {website}
          </Anchor>
        ) : (
          (website ?? '—')
        )}
      </InlineFact>
    </>
  );
}
