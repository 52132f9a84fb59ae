import { Badge } from '@mantine/core';
import { DSP_TYPE_LABELS } from '@contract/dsp.constants';
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

/** Activo or Inactivo. */
export function DspEnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge color={enabled ? 'teal.9' : 'red.8'} variant="filled" autoContrast radius="sm" style={BADGE_STYLE}>
      {enabled ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}
