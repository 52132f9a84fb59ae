import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/** What a confirmation asks: it names the record and says what cannot be undone. */
export interface Confirmation {
  title: string;
  message: ReactNode;
  /** The destructive answer, e.g. 'Sí, cancelar'. */
  confirmLabel: string;
}

/**
 * Asks before an action that cannot be undone: `confirm(question)` opens the dialog and resolves
 * true on the destructive answer, false on 'Volver', Escape or a click outside. 'Volver' has the
 * focus, so a stray Enter changes nothing. Render `dialog` once, where the hook is used.
 */
export function useConfirm() {
  // The question stays on screen while the dialog fades out.
  const [shown, setShown] = useState<Confirmation | null>(null);
  const [opened, setOpened] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpened(false);
  };

  const confirm = (question: Confirmation) =>
    new Promise<boolean>((resolve) => {
      answer.current?.(false);
      answer.current = resolve;
      setShown(question);
      setOpened(true);
    });

  const dialog = (
    <ConfirmDialog
      opened={opened}
      onClose={() => settle(false)}
      onConfirm={() => settle(true)}
      title={shown?.title}
      message={shown?.message}
      confirmLabel={shown?.confirmLabel}
      cancelLabel="Volver"
    />
  );
  return { confirm, dialog };
}
