import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@/shared/api';
import { Modal } from '../modal';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  /** May return a promise: the dialog shows itself busy until it settles. */
  onConfirm: () => unknown;
  /** @default 'Confirmar eliminación' */
  title?: string;
  message?: ReactNode;
  /** @default 'Confirmar' */
  confirmLabel?: string;
  /** @default 'Cancelar' */
  cancelLabel?: string;
  busy?: boolean;
  /** When set, Confirm stays disabled until this exact text is typed. */
  keyword?: string;
  /** A failure to show inside the dialog, e.g. the server's reason for refusing a delete. */
  error?: string | null;
  /** @default 'red' */
  confirmColor?: string;
  /** Whether the action is allowed is still being asked: Confirm stays off meanwhile. */
  checking?: boolean;
  /**
   * Why the action cannot be done at all (e.g. 'No se puede eliminar: tiene 3 campañas'): shown in an
   * alert, the keyword field goes away and Confirm stays off, described by the reason.
   */
  blockedReason?: string | null;
  /** Focus goes back to what opened the dialog when it closes. @default true */
  returnFocus?: boolean;
}

const CONFIRM_FAILED = 'No se pudo completar la acción';

/** The reusable confirmation dialog, with an optional keyword the person must type. */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title = 'Confirmar eliminación',
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  busy = false,
  keyword,
  error,
  confirmColor = 'red',
  checking = false,
  blockedReason = null,
  returnFocus = true,
}: ConfirmDialogProps) {
  const reasonId = useId();
  const keywordId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Each opening starts clean: nothing typed, no stale failure.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setTyped('');
      setFailure(null);
    }
  }

  const working = busy || pending;
  const blocked = Boolean(blockedReason);
  const keywordMatches = keyword === undefined || typed === keyword;
  const shownError = error ?? failure;

  // A refusal that arrives after opening takes the keyword field away: focus goes to Cancelar.
  useEffect(() => {
    if (opened && blocked) cancelRef.current?.focus();
  }, [opened, blocked]);

  const close = () => {
    if (!working) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working || checking || blocked || !keywordMatches) return;
    setFailure(null);
    setPending(true);
    try {
      await onConfirm();
    } catch (cause) {
      setFailure(errorMessage(cause, CONFIRM_FAILED));
    } finally {
      setPending(false);
    }
  };

  const keywordHint = keyword === undefined ? null : `Debe coincidir exactamente con ${keyword}.`;
  const keywordMismatch = keyword !== undefined && typed !== '' && typed !== keyword;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      returnFocus={returnFocus}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {message ? <Text size="sm">{message}</Text> : null}
          {checking ? (
            <Text size="sm" c="dimmed" role="status">
              Comprobando si se puede eliminar…
            </Text>
          ) : null}
          {blocked ? (
            <Alert color="orange" variant="light" id={reasonId}>
              {blockedReason}
            </Alert>
          ) : null}
          {keyword !== undefined && !blocked ? (
            <TextInput
              label={
                <>
                  Escribe <strong>{keyword}</strong> para confirmar
                </>
              }
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              description={keywordMismatch ? undefined : keywordHint}
              error={keywordMismatch ? keywordHint : undefined}
              id={keywordId}
              autoComplete="off"
              data-autofocus
              disabled={working}
            />
          ) : null}
          {shownError ? (
            <Alert color="red" variant="light" title="Error">
              {shownError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {/* Without a keyword to type, the safe answer has the focus: Enter alone never confirms. */}
            <Button ref={cancelRef} variant="default" onClick={close} disabled={working} data-autofocus={blocked || keyword === undefined || undefined}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              color={confirmColor}
              disabled={working || checking || blocked || !keywordMatches}
              // Off, it says why: the refusal, or the keyword still to type (Mantine's hint or error under the field).
              aria-describedby={
                blocked ? reasonId : keywordMatches ? undefined : `${keywordId}-${keywordMismatch ? 'error' : 'description'}`
              }
            >
              {working ? 'Procesando...' : confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
