import { Badge } from '@mantine/core';
import { DSP_TYPE_LABELS } from '@contract/dsp.constants';
import { ActiveBadge } from '@/shared/ui/status-badge';
import type { DspType } from '../api/dsp.api';

const BADGE_STYLE = { flexShrink: 0, overflow: 'visible' } as const;

/** Venta, Reserva or Mixto. */
export function DspTypeBadge({ type }: { type: DspType }) {
  return (
    <Badge color="indigo.9" variant="outline" radius="sm" style={BADGE_STYLE}>
      {DSP_TYPE_LABELS[type] ?? type}
    </Badge>
  );
}

/** Activo or Inactivo, as every enabled badge shows it. */
export function DspEnabledBadge({ enabled }: { enabled: boolean }) {
  return <ActiveBadge active={enabled} />;
}
