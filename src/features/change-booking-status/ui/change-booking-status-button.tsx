import { BOOKING_CONSUMED_LOCKED } from '@contract/booking.constants';
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId } from 'react';
import type { Booking } from '@/entities/booking';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { offButKeepsFocus } from '@/shared/lib';

export interface ChangeBookingStatusButtonProps {
  booking: Pick<Booking, 'id' | 'code_ref' | 'status'>;
  onClick: () => void;
  size?: ButtonProps['size'];
}

/**
 * 'Cambiar estado', only for who may change a booking's status. On a consumed booking it stays
 * focusable but inert, and says why in a tooltip and to screen readers.
 */
export function ChangeBookingStatusButton({ booking, onClick, size = 'xs' }: ChangeBookingStatusButtonProps) {
  const allowed = useSessionStore((state) => hasPermission(state.user, 'bookings.change-status'));
  const reasonId = useId();
  if (!allowed) return null;

  if (booking.status === 'CONSUMED') {
    return (
      <>
        <Tooltip label={BOOKING_CONSUMED_LOCKED} events={{ hover: true, focus: true, touch: true }} multiline maw={260}>
          <Button
            size={size}
            variant="light"
            {...offButKeepsFocus(true)}
            aria-describedby={reasonId}
          >
            Cambiar estado
          </Button>
        </Tooltip>
        <VisuallyHidden id={reasonId}>{BOOKING_CONSUMED_LOCKED}</VisuallyHidden>
      </>
    );
  }
  return (
    <Button size={size} variant="light" onClick={onClick} aria-label={`Cambiar estado de ${booking.code_ref}`}>
      Cambiar estado
    </Button>
  );
}
