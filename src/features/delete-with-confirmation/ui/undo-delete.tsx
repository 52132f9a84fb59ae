import { RESTORE_MESSAGES } from '@contract/restore';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AUDIT_FALLBACKS, restoreAuditEntry } from '@/entities/audit';
import { errorMessage } from '@/shared/api';

/** How long 'Deshacer' stays offered after a delete (the notice pauses while the pointer is on it). */
export const UNDO_SECONDS = 10;

interface UndoDeleteOptions {
  /** What went, e.g. 'Sponsor eliminado correctamente.'. */
  message: string;
  /** The delete's history entry (the DELETE's answer). */
  entryId: number;
  /** Once the record is back: refresh the lists and detail that show it. */
  onRestored: () => Promise<unknown>;
}

/**
 * The notice after a delete, 'Eliminado · Deshacer', for UNDO_SECONDS: 'Deshacer' restores the
 * record from its history entry. It gets its callbacks rather than hooks: the toasts are rendered
 * outside the page that deleted.
 */
export function showUndoDelete({ message, entryId, onRestored }: UndoDeleteOptions) {
  const id = `undo-delete-${entryId}`;
  const undo = async () => {
    try {
      await restoreAuditEntry(entryId);
      notifications.hide(id);
      notifications.show({ color: 'green', message: RESTORE_MESSAGES.restored });
      await onRestored();
    } catch (error) {
      notifications.hide(id);
      notifications.show({ color: 'red', message: errorMessage(error, AUDIT_FALLBACKS.restore) });
    }
  };
  notifications.show({ id, color: 'green', autoClose: UNDO_SECONDS * 1000, message: <UndoNotice message={message} onUndo={undo} /> });
}

function UndoNotice({ message, onUndo }: { message: string; onUndo: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={busy}
        onClick={() => {
          setBusy(true);
          void onUndo().finally(() => setBusy(false));
        }}
      >
        Deshacer
      </Button>
    </Group>
  );
}
