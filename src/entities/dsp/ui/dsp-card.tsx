import { Anchor, Group, Text } from '@mantine/core';
import { websiteHref } from '@contract/website';
import type { ReactNode } from 'react';
import { RecordCard } from '@/shared/ui/record-card';
import type { Dsp } from '../model/types';
import { DspEnabledBadge, DspTypeBadge } from './dsp-badges';
import { DspImage } from './dsp-image';

export interface DspCardProps {
  dsp: Dsp;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {`${label}: `}
      </Text>
      {children}
    </Text>
  );
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
      <Fact label="Sitio web">
        {dsp.website_url && href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
            {dsp.website_url}
          </Anchor>
        ) : (
          (dsp.website_url ?? '—')
        )}
      </Fact>
      <Fact label="Dirección">{dsp.address ?? '—'}</Fact>
      <Fact label="Teléfonos">{phones || '—'}</Fact>
      <Fact label="Email">{dsp.email_primary ?? '—'}</Fact>
      <Fact label="País">{dsp.country?.name ?? '—'}</Fact>
      <Fact label="Sponsor">{dsp.sponsor?.name ?? '—'}</Fact>
    </RecordCard>
  );
}
