import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteSavedView, savedViewQueries, type SavedView } from '@/entities/saved-view';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export interface DeleteSavedViewDialogProps {
  opened: boolean;
  /** The view to delete. */
  view: SavedView | null;
  onClose: () => void;
  onDeleted: (view: SavedView) => void;
}

/** 'Eliminar vista': asks, deletes, and says so; a refusal shows inside the dialog. */
export function DeleteSavedViewDialog({ opened, view, onClose, onDeleted }: DeleteSavedViewDialogProps) {
  const queryClient = useQueryClient();
  // The dialog keeps naming the view while it fades out.
  const [shown, setShown] = useState(view);
  if (view && view !== shown) setShown(view);
  const remove = useMutation({
    mutationFn: (target: SavedView) => deleteSavedView(target.id),
    onSuccess: async (_answer, target) => {
      notifications.show({ color: 'green', message: `Vista ${target.name} eliminada.` });
      onClose();
      onDeleted(target);
      await queryClient.invalidateQueries({ queryKey: savedViewQueries.lists() });
    },
  });
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title="Eliminar vista"
      message={
        shown ? (
          <>
            ¿Eliminar la vista <strong>{shown.name}</strong>? Quien la tenga compartida dejará de verla. Esta acción no se puede deshacer.
          </>
        ) : null
      }
      confirmLabel="Eliminar"
      cancelLabel="Volver"
    />
  );
}
