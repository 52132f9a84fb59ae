import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteUser, userQueries, type User } from '@/entities/user';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export interface DeleteUserDialogProps {
  /** The user to delete; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
  /** After the server deleted the user, e.g. to step back from a page left empty. */
  onDeleted?: (user: User) => void;
}

/** Deleting a user asks to type their exact name (spec section 5). */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const queryClient = useQueryClient();
  // The dialog keeps showing the user while it closes.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);

  const remove = useMutation({
    mutationFn: (target: User) => deleteUser(target.id),
    onSuccess: async (_data, target) => {
      queryClient.removeQueries({ queryKey: userQueries.detail(target.id).queryKey });
      onDeleted?.(target);
      onClose();
      notifications.show({ color: 'green', message: 'Usuario eliminado.' });
      await queryClient.invalidateQueries({ queryKey: userQueries.lists() });
    },
  });

  return (
    <ConfirmDialog
      opened={user !== null}
      onClose={onClose}
      onConfirm={() => (shown ? remove.mutateAsync(shown) : undefined)}
      title="Eliminar usuario"
      message={
        shown ? (
          <>
            Se eliminará a <strong>{shown.name}</strong> ({shown.email}) y se cerrarán sus sesiones. Esta acción no se puede
            deshacer.
          </>
        ) : null
      }
      confirmLabel="Eliminar"
      keyword={shown?.name}
    />
  );
}
