import { mayRestore, RESTORE_MESSAGES } from '@contract/restore';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUDIT_FALLBACKS, restoreAuditEntry, type AuditEntry } from '@/entities/audit';
import { errorMessage } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';

/**
 * 'Restaurar' on a delete's entry while the server says it can be restored (`restorable_until`),
 * to whoever may delete such records (RESTORE_ACCESS). The record comes back with its id, so every
 * list and history on screen is asked again.
 */
export function RestoreEntryButton({ entry }: { entry: AuditEntry }) {
  const user = useSessionStore((state) => state.user);
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () => restoreAuditEntry(entry.id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: RESTORE_MESSAGES.restored });
      await queryClient.invalidateQueries();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, AUDIT_FALLBACKS.restore) }),
  });
  if (entry.action !== 'delete' || !entry.restorable_until || !mayRestore(entry.resource, user?.permissions ?? [])) return null;
  const name = entry.resource_label ?? `#${entry.resource_id}`;
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={restore.isPending}
      onClick={() => restore.mutate()}
      aria-label={`Restaurar ${name}`}
      title={`Se puede restaurar hasta el ${new Date(entry.restorable_until).toLocaleDateString('es')}`}
    >
      Restaurar
    </Button>
  );
}
