import { Alert, Badge } from '@mantine/core';
import type { BookingStreamState } from '@/entities/booking';
import { IconAlert } from '@/shared/ui/icons';

const BADGES: Record<Exclude<BookingStreamState, 'failed'>, { label: string; color: string }> = {
  connecting: { label: 'Conectando…', color: 'gray' },
  live: { label: 'En vivo', color: 'green' },
  reconnecting: { label: 'Reconectando…', color: 'yellow' },
};

/**
 * Whether changes made by others show up by themselves: a small badge, or a warning once the live
 * stream gave up, with its reason (`message`) when there is one.
 */
export function LiveStatus({ state, message = null }: { state: BookingStreamState; message?: string | null }) {
  if (state === 'failed') {
    return (
      <Alert color="yellow" variant="light" title="Actualizaciones en vivo desactivadas" icon={<IconAlert />}>
        {message ? `${message} ` : null}Los cambios de otras personas no aparecerán solos: pulsa «Actualizar» para ver la lista al día.
      </Alert>
    );
  }
  const { label, color } = BADGES[state];
  return (
    <Badge variant="dot" color={color} size="lg" role="status" aria-live="polite">
      {label}
    </Badge>
  );
}
