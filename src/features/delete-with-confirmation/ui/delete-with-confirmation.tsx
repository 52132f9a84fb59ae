import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import type { Deletion } from '../model/deletion';

export interface DeleteWithConfirmationProps<T extends { id: number }> {
  /** The record to delete; null keeps the dialog closed. */
  target: T | null;
  deletion: Deletion<T>;
  onClose: () => void;
  /** After the server deleted it, e.g. to step back from a page left empty. */
  onDeleted?: (target: T) => void;
}

/**
 * Deleting a record after typing its keyword. The server's refusal (e.g. it still has campaigns)
 * shows inside the dialog, which stays open.
 */
export function DeleteWithConfirmation<T extends { id: number }>({ target, deletion, onClose, onDeleted }: DeleteWithConfirmationProps<T>) {
  const queryClient = useQueryClient();
  // The dialog keeps showing the record while it closes.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);

  const remove = useMutation({
    mutationFn: (record: T) => deletion.remove(record.id),
    onSuccess: async (_data, record) => {
      queryClient.removeQueries({ queryKey: deletion.queries.detail(record.id).queryKey });
      onDeleted?.(record);
      onClose();
      notifications.show({ color: 'green', message: deletion.deleted });
      await queryClient.invalidateQueries({ queryKey: deletion.queries.lists() });
    },
  });

  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title={deletion.title}
      message={shown ? deletion.describe(shown) : null}
      confirmLabel="Eliminar"
      keyword={shown ? deletion.keyword(shown) : undefined}
    />
  );
}
