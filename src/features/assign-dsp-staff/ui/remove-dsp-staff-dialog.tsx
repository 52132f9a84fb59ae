import { useState } from 'react';
import { dspStaffAnswer } from '@contract/dsp.constants';
import { dspQueries, type Dsp, type DspStaffMember } from '@/entities/dsp';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { removeDspStaff } from '../api/dsp-staff.api';

export interface RemoveDspStaffDialogProps {
  dsp: Dsp;
  /** The person to take off the DSP; null keeps the dialog closed. */
  person: DspStaffMember | null;
  onClose: () => void;
  /** Once they are off the DSP (their row, and the button that opened the dialog, are gone). */
  onRemoved?: () => void;
}

/** 'Quitar': asks first; the server's refusal shows inside the dialog, which stays open. */
export function RemoveDspStaffDialog({ dsp, person, onClose, onRemoved }: RemoveDspStaffDialogProps) {
  // The dialog keeps naming the person while it closes.
  const [shown, setShown] = useState(person);
  // Once removed, their row (and the button that opened the dialog) is gone.
  const [removed, setRemoved] = useState(false);
  if (person && person !== shown) {
    setShown(person);
    setRemoved(false);
  }

  const remove = useSaveMutation({
    mutationFn: (target: DspStaffMember) => removeDspStaff(dsp.id, [target.id]),
    successMessage: dspStaffAnswer('removed', 1),
    onSaved: () => {
      setRemoved(true);
      onClose();
      onRemoved?.();
    },
    invalidate: [dspQueries.detail(dsp.id).queryKey, dspQueries.staffLists(dsp.id), dspQueries.lists()],
  });

  return (
    <ConfirmDialog
      opened={person !== null}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title="Quitar de la DSP"
      message={
        shown ? (
          <>
            ¿Quitar a <strong>{shown.name}</strong> ({shown.email}) de la DSP <strong>{dsp.name}</strong>?
          </>
        ) : null
      }
      confirmLabel="Quitar"
      // The removed row's button is gone: `onRemoved` says where focus goes instead.
      returnFocus={!removed}
    />
  );
}
