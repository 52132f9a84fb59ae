import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from '../error-alert';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  /** E.g. 'Nuevo Sponsor' or 'Editar Sponsor'. */
  title: string;
  /**
   * The form, usually a component keyed by the record's id, so each opening starts from the
   * record's values.
   */
  children: ReactNode;
}

/** The modal every create/edit form opens in. */
export function FormModal({ opened, onClose, title, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {children}
    </Modal>
  );
}

export interface FormModalBodyProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The save is under way: both buttons are off and the submit shows `busyLabel`. */
  busy: boolean;
  /** E.g. 'Crear Sponsor'. */
  submitLabel: string;
  /** E.g. 'Creando…'. */
  busyLabel: string;
  /** The submit is off until the form can be sent at all (e.g. a required value still loading). */
  submitDisabled?: boolean;
  /** The server's refusal, shown above the fields. */
  error?: string | null;
  /** The fields. */
  children: ReactNode;
}

/** A modal form: the failure on top, the fields, then Cancelar and the submit button. */
export function FormModalBody({ onSubmit, onCancel, busy, submitLabel, busyLabel, submitDisabled = false, error, children }: FormModalBodyProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {error ? <ErrorAlert message={error} /> : null}
        {children}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy || submitDisabled}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
