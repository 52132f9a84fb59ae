import { Anchor, Group, Text } from '@mantine/core';
import { websiteHref } from '@contract/website';
import type { ReactNode } from 'react';
import { InlineFact } from '@/shared/ui/fact';
import { RecordCard } from '@/shared/ui/record-card';
import type { Dsp } from '../api/dsp.api';
import { DspEnabledBadge, DspTypeBadge } from './dsp-badges';
import { DspImage } from './dsp-image';

export interface DspCardProps {
  dsp: Dsp;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A DSP in the grid: image, name, state and type, then its id, contact details, country and sponsor. */
export function DspCard({ dsp, actions }: DspCardProps) {
  const href = websiteHref(dsp.website_url);
  const phones = [dsp.phone_primary, dsp.phone_secondary].filter(Boolean).join(' · ');
  return (
    <RecordCard
      name={dsp.name}
      banner={<DspImage name={dsp.name} imageUrl={dsp.image_url} />}
      badge={
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <DspEnabledBadge enabled={dsp.enabled} />
          <DspTypeBadge type={dsp.type} />
        </Group>
      }
      actions={actions}
    >
      <Text size="xs" c="dimmed">
        {`ID: ${dsp.id}`}
      </Text>
      <InlineFact label="Sitio web">
        {dsp.website_url && href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
            {dsp.website_url}
          </Anchor>
        ) : (
          (dsp.website_url ?? '—')
        )}
      </InlineFact>
      <InlineFact label="Dirección">{dsp.address ?? '—'}</InlineFact>
      <InlineFact label="Teléfonos">{phones || '—'}</InlineFact>
      <InlineFact label="Email">{dsp.email_primary ?? '—'}</InlineFact>
      <InlineFact label="País">{dsp.country?.name ?? '—'}</InlineFact>
      <InlineFact label="Sponsor">{dsp.sponsor?.name ?? '—'}</InlineFact>
    </RecordCard>
  );
}
