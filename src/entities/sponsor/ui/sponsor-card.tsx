import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RECORD_CARD_CLASS } from '@/shared/ui/record-card';
import type { Sponsor } from '../api/sponsor.api';
import { SponsorFacts } from './sponsor-facts';
import { SponsorLogo } from './sponsor-logo';

export interface SponsorCardProps {
  sponsor: Sponsor;
  /** The card's buttons (view, edit, delete), supplied by the page. */
  actions?: ReactNode;
}

/** A sponsor in the grid: logo, name, country, website and 'ID: {id}'. */
export function SponsorCard({ sponsor, actions }: SponsorCardProps) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" miw={0} component="article" aria-label={sponsor.name} className={RECORD_CARD_CLASS}>
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <SponsorLogo name={sponsor.name} logoUrl={sponsor.logo_url} />
          <Stack gap={2} miw={0}>
            <Title order={2} size="h4" lineClamp={2}>
              {sponsor.name}
            </Title>
            <Text size="xs" c="dimmed">
              {`ID: ${sponsor.id}`}
            </Text>
          </Stack>
        </Group>
        <Stack gap={4} miw={0} style={{ flexGrow: 1 }}>
          <SponsorFacts sponsor={sponsor} truncate />
        </Stack>
        {actions ? <Group gap="xs" wrap="wrap">{actions}</Group> : null}
      </Stack>
    </Card>
  );
}
