import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staleRecord, type Deletion, type DeletionText } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { focusUnderTopDialog } from '@/shared/ui/modal';
import { showUndoDelete } from './undo-delete';

/** What most records ask to type; people, DSPs and catalogue categories name their own keyword. */
const CONFIRM_KEYWORD = 'confirmar';

/** Said in the dialog when the record changed since it was shown (the server's 409). */
export const STALE_DELETE_MESSAGE =
  'Otra persona cambió este registro desde que lo abriste. Revisa sus datos; si aún quieres eliminarlo, pulsa Eliminar otra vez.';

export interface DeleteWithConfirmationProps<T extends { id: number; version?: number }> {
  /** The record to delete; null keeps the dialog closed. */
  target: T | null;
  /** The entity's descriptor (`sponsorDeletion`, `userDeletion`): how it goes and what the dialog says. */
  deletion: Deletion<T>;
  onClose: () => void;
  /** After the server deleted it, e.g. to step back from a page left empty. */
  onDeleted?: (target: T) => void;
}

/**
 * Deleting a record after typing its keyword. The server's refusal (e.g. it still has campaigns)
 * shows inside the dialog, which stays open. Once deleted, the notice offers 'Deshacer'.
 */
export function DeleteWithConfirmation<T extends { id: number; version?: number }>({ target, deletion, onClose, onDeleted }: DeleteWithConfirmationProps<T>) {
  const queryClient = useQueryClient();
  // The dialog keeps showing the record while it closes.
  const [opened, setOpened] = useState(target);
  // Once deleted, its row (and the button that opened the dialog) is gone.
  const [deleted, setDeleted] = useState(false);
  // After a refusal because someone else changed it, the record as it is now.
  const [current, setCurrent] = useState<T | null>(null);
  if (target && target !== opened) {
    setOpened(target);
    setDeleted(false);
    setCurrent(null);
  }
  const shown = current ?? opened;

  // Asked afresh at each opening: a record's dependents change while the list is on screen.
  const check = useQuery({
    queryKey: [...deletion.queries.detail(shown?.id ?? 0).queryKey, 'deletion'],
    queryFn: () => deletion.check(shown!.id),
    enabled: target !== null && shown !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const blockedReason = check.data && !check.data.deletable ? (check.data.reason ?? 'No se puede eliminar.') : null;

  const remove = useMutation({
    // Deletes the record as it was shown: one changed since is refused, the dialog and the lists
    // show it as it is now, and a second 'Eliminar' is a choice made knowing that.
    mutationFn: async (record: T) => {
      try {
        return await deletion.remove(record.id, record.version);
      } catch (error) {
        const now = staleRecord<Partial<T>>(error);
        if (!now) throw error;
        setCurrent({ ...record, ...now });
        void queryClient.invalidateQueries({ queryKey: deletion.queries.lists() });
        void queryClient.invalidateQueries({ queryKey: deletion.queries.detail(record.id).queryKey });
        throw new Error(STALE_DELETE_MESSAGE, { cause: error });
      }
    },
    onSuccess: async (answer, record) => {
      queryClient.removeQueries({ queryKey: deletion.queries.detail(record.id).queryKey });
      setDeleted(true);
      onDeleted?.(record);
      onClose();
      focusUnderTopDialog();
      const refresh = () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: deletion.queries.lists() }),
          queryClient.invalidateQueries({ queryKey: deletion.queries.detail(record.id).queryKey }),
        ]);
      // A server that names no history entry (an older one) gets the plain notice.
      if (answer?.entry_id) showUndoDelete({ message: deletion.deleted, entryId: answer.entry_id, onRestored: refresh });
      else notifications.show({ color: 'green', message: deletion.deleted });
      await queryClient.invalidateQueries({ queryKey: deletion.queries.lists() });
    },
  });

  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title={deletion.title}
      message={shown ? <DeletionMessage {...deletion.describe(shown)} /> : null}
      confirmLabel="Eliminar"
      keyword={shown ? (deletion.keyword?.(shown) ?? CONFIRM_KEYWORD) : undefined}
      checking={target !== null && check.isPending}
      blockedReason={blockedReason}
      // The deleted row's button is gone: focus goes to the dialog or page it was listed in.
      returnFocus={!deleted}
    />
  );
}

function DeletionMessage({ before, name, after }: DeletionText) {
  return (
    <>
      {before}
      <strong>{name}</strong>
      {after}
    </>
  );
}
