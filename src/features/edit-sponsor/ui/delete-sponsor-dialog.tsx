import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteSponsor, sponsorQueries, type Sponsor } from '@/entities/sponsor';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export interface DeleteSponsorDialogProps {
  /** The sponsor to delete; null keeps the dialog closed. */
  sponsor: Sponsor | null;
  onClose: () => void;
  /** After the server deleted it, e.g. to step back from a page left empty. */
  onDeleted?: (sponsor: Sponsor) => void;
}

/** Deleting a sponsor asks to type 'confirmar'; the server's refusal (it has campaigns) shows in the dialog. */
export function DeleteSponsorDialog({ sponsor, onClose, onDeleted }: DeleteSponsorDialogProps) {
  const queryClient = useQueryClient();
  // The dialog keeps showing the sponsor while it closes.
  const [shown, setShown] = useState(sponsor);
  if (sponsor && sponsor !== shown) setShown(sponsor);

  const remove = useMutation({
    mutationFn: (target: Sponsor) => deleteSponsor(target.id),
    onSuccess: async (_data, target) => {
      onDeleted?.(target);
      onClose();
      queryClient.removeQueries({ queryKey: sponsorQueries.detail(target.id).queryKey });
      notifications.show({ color: 'green', message: 'Sponsor eliminado.' });
      await queryClient.invalidateQueries({ queryKey: sponsorQueries.lists() });
    },
  });

  return (
    <ConfirmDialog
      opened={sponsor !== null}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title="Eliminar sponsor"
      message={
        shown ? (
          <>
            Se eliminará el sponsor <strong>{shown.name}</strong> y su logo. Esta acción no se puede deshacer.
          </>
        ) : null
      }
      confirmLabel="Eliminar"
      keyword="confirmar"
    />
  );
}
