import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../modal';

/** The one question asked before typed or ticked changes are thrown away. */
export const UNSAVED_CHANGES_QUESTION = 'Tienes cambios sin guardar. ¿Descartarlos?';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  /** E.g. 'Permisos de Admin': what would be lost. */
  title: string;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/**
 * Asks whether to discard unsaved changes. 'Seguir editando' has the focus, and Escape or a click
 * outside mean the same, so nothing is lost by accident.
 */
export function UnsavedChangesDialog({ opened, title, onKeepEditing, onDiscard }: UnsavedChangesDialogProps) {
  return (
    <Modal opened={opened} onClose={onKeepEditing} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        <Text>{UNSAVED_CHANGES_QUESTION}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeepEditing} data-autofocus>
            Seguir editando
          </Button>
          <Button color="red" onClick={onDiscard}>
            Descartar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
