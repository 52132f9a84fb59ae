import { BOOKING_ANSWERS, BOOKING_STATUS_LABELS, BOOKING_TRANSITIONS, MAX_BOOKING_REASON } from '@contract/booking.constants';
import { Group, NativeSelect, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { BOOKING_FALLBACKS, BookingStatusBadge, bookingFinalStatusQuestion, type Booking, type BookingStatus, type BookingToName } from '@/entities/booking';
import { ApiError, errorMessage, staleRecord } from '@/shared/api';
import { useConfirm } from '@/shared/ui/confirm-dialog';
import { FormModal, FormModalBody } from '@/shared/ui/form-modal';
import { useChangeBookingStatus } from '../model/use-change-booking-status';

type BookingToChange = Pick<Booking, 'id' | 'status' | 'version'> & BookingToName;

export interface ChangeBookingStatusDialogProps {
  /** The booking whose status changes; null keeps the dialog closed. */
  booking: BookingToChange | null;
  onClose: () => void;
}

/**
 * 'Cambiar estado': the new status, among those the server accepts from the current one, and an
 * optional reason. Closing with a status picked or a reason typed asks first, and so does saving a
 * final status (Cancelado, Completado), naming the booking.
 */
export function ChangeBookingStatusDialog({ booking, onClose }: ChangeBookingStatusDialogProps) {
  return (
    <FormModal opened={booking !== null} onClose={onClose} title="Cambiar estado">
      {/* Keyed, so each booking starts with a clean form. */}
      {booking ? <StatusForm key={booking.id} booking={booking} onClose={onClose} /> : null}
    </FormModal>
  );
}

/** The refusal's own words: the 422 names the reason under `status`; otherwise the message. */
const refusal = (error: unknown) => (error instanceof ApiError && error.fieldError('status')) || errorMessage(error, BOOKING_FALLBACKS.status);

function StatusForm({ booking: opened, onClose }: { booking: BookingToChange; onClose: () => void }) {
  // The booking as the person knows it: after a refusal because someone else changed it, as it is now.
  const [booking, setBooking] = useState(opened);
  const current = booking.status;
  const allowed = BOOKING_TRANSITIONS[current];
  const [picked, setPicked] = useState<BookingStatus | ''>('');
  const [reason, setReason] = useState('');
  const change = useChangeBookingStatus(booking.id);
  const { confirm, dialog } = useConfirm();

  return (
    <>
      <FormModalBody
        onSubmit={async (event) => {
          event.preventDefault();
          if (picked === '') return;
          const question = bookingFinalStatusQuestion(picked, booking);
          if (question && !(await confirm(question))) return;
          change.mutate(
            { status: picked, reason, version: booking.version },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: BOOKING_ANSWERS.statusChanged });
                onClose();
              },
              onError: (error) => {
                const now = staleRecord<Booking>(error);
                if (!now) return;
                setBooking(now);
                // A choice the status it has now cannot move to is dropped; another one is kept.
                if (!BOOKING_TRANSITIONS[now.status].includes(picked)) setPicked('');
              },
            },
          );
        }}
        onCancel={onClose}
        busy={change.isPending}
        submitLabel="Guardar"
        busyLabel="Guardando..."
        submitDisabled={picked === ''}
        submitDisabledReason="Elige el nuevo estado."
        error={change.isError ? refusal(change.error) : null}
        failure={change.error}
        dirty={picked !== '' || reason.trim() !== ''}
      >
        <Group gap="xs">
          <Text size="sm">{`Reservación ${booking.code_ref}. Estado actual:`}</Text>
          <BookingStatusBadge status={current} />
        </Group>
        <NativeSelect
          label="Estado"
          data={[{ value: '', label: 'Selecciona el nuevo estado', disabled: true }, ...allowed.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] }))]}
          value={picked}
          disabled={change.isPending}
          data-autofocus
          onChange={(event) => setPicked(allowed.find((status) => status === event.currentTarget.value) ?? '')}
        />
        <Textarea
          label="Motivo"
          description="Opcional"
          value={reason}
          maxLength={MAX_BOOKING_REASON}
          rows={3}
          disabled={change.isPending}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </FormModalBody>
      {/* Outside the form: a submit inside the question must not bubble (through the portal) into it. */}
      {dialog}
    </>
  );
}
