import { Anchor, Text } from '@mantine/core';
import type { Sponsor } from '../model/types';
import { sponsorWebsiteHref } from '../lib/website';

interface SponsorFactsProps {
  sponsor: Sponsor;
  /** Cut a long website to one line (the card); the header shows it whole. */
  truncate?: boolean;
}

const Label = ({ children }: { children: string }) => (
  <Text span c="dimmed" size="sm">
    {`${children}: `}
  </Text>
);

/** 'País' and 'Sitio web' with a dash when missing; the website links out only when it is http(s). */
export function SponsorFacts({ sponsor, truncate = false }: SponsorFactsProps) {
  const website = sponsor.website_url ?? sponsor.website ?? null;
  const href = sponsorWebsiteHref(sponsor);
  return (
    <>
      <Text size="sm">
        <Label>País</Label>
        {sponsor.country?.name ?? '—'}
      </Text>
      <Text size="sm" truncate={truncate ? 'end' : undefined} miw={0} style={truncate ? undefined : { overflowWrap: 'anywhere' }}>
        <Label>Sitio web</Label>
        {website && href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
            {website}
          </Anchor>
        ) : (
          (website ?? '—')
        )}
      </Text>
    </>
  );
}
