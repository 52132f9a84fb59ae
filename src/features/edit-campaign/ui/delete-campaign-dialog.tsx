import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignQueries, deleteCampaign, type Campaign } from '@/entities/campaign';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export interface DeleteCampaignDialogProps {
  /** The campaign to delete; null keeps the dialog closed. */
  campaign: Campaign | null;
  onClose: () => void;
  onDeleted?: (campaign: Campaign) => void;
}

/** Deleting a campaign asks to type 'confirmar'; the server's refusal (it has plans) shows in the dialog. */
export function DeleteCampaignDialog({ campaign, onClose, onDeleted }: DeleteCampaignDialogProps) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(campaign);
  if (campaign && campaign !== shown) setShown(campaign);

  const remove = useMutation({
    mutationFn: (target: Campaign) => deleteCampaign(target.id),
    onSuccess: async (_data, target) => {
      onDeleted?.(target);
      onClose();
      queryClient.removeQueries({ queryKey: campaignQueries.detail(target.id).queryKey });
      notifications.show({ color: 'green', message: 'Campaña eliminada.' });
      await queryClient.invalidateQueries({ queryKey: campaignQueries.lists() });
    },
  });

  return (
    <ConfirmDialog
      opened={campaign !== null}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title="Eliminar campaña"
      message={
        shown ? (
          <>
            Se eliminará la campaña <strong>{shown.name}</strong> y su imagen. Esta acción no se puede deshacer.
          </>
        ) : null
      }
      confirmLabel="Eliminar"
      keyword="confirmar"
    />
  );
}
