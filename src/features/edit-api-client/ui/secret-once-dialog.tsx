import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlert } from '@/shared/ui/icons';
import { Modal } from '@/shared/ui/modal';

/** A secret the server just answered, the only time it ever will. */
export interface RevealedSecret {
  name: string;
  clientId: string;
  secret: string;
}

export interface SecretOnceDialogProps {
  /** Null keeps the dialog closed. */
  revealed: RevealedSecret | null;
  /** 'Ya lo guardé': the caller forgets the secret. */
  onDone: () => void;
}

/**
 * Shows a client's new secret once, with a copy button. It closes only by 'Ya lo guardé' (no
 * Escape, no click outside, no X): the secret cannot be asked for again, so it must not vanish by
 * accident.
 */
export function SecretOnceDialog({ revealed, onDone }: SecretOnceDialogProps) {
  return (
    <Modal
      opened={revealed !== null}
      onClose={() => undefined}
      title={revealed ? `Secreto de ${revealed.name}` : ''}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {revealed ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" title="Guárdalo ahora" icon={<IconAlert />}>
            Este secreto no se volverá a mostrar. Cópialo y guárdalo en un lugar seguro antes de cerrar.
          </Alert>
          <div>
            <Text size="xs" c="dimmed">
              client_id
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {revealed.clientId}
            </Code>
          </div>
          <div>
            <Text size="xs" c="dimmed" id="revealed-secret-label">
              client_secret
            </Text>
            <Code block aria-labelledby="revealed-secret-label" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {revealed.secret}
            </Code>
          </div>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={revealed.secret}>
              {({ copied, copy }) => (
                <Button variant="default" color={copied ? 'teal' : undefined} onClick={copy} data-autofocus>
                  {copied ? 'Secreto copiado' : 'Copiar secreto'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onDone}>
              Ya lo guardé
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
