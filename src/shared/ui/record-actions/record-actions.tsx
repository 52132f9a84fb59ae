import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconEdit, IconTrash } from '@/shared/ui/icons';

interface RecordActionProps {
  /** The record's name, when several cards stand side by side: the label becomes 'Editar Plan Oro'. */
  name?: string;
  onClick: () => void;
}

/** A card's 'Editar' button. */
export function EditButton({ name, onClick }: RecordActionProps) {
  return (
    <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} aria-label={name ? `Editar ${name}` : undefined} onClick={onClick}>
      Editar
    </Button>
  );
}

/** A card's 'Eliminar' button; the delete dialog it opens asks before anything goes. */
export function DeleteButton({ name, onClick }: RecordActionProps) {
  return (
    <Button
      size="xs"
      variant="outline"
      color="red"
      leftSection={<IconTrash size={14} />}
      aria-label={name ? `Eliminar ${name}` : undefined}
      onClick={onClick}
    >
      Eliminar
    </Button>
  );
}

export interface RecordActionsProps {
  /** The record's name, when several cards stand side by side ('Editar Plan Oro'). */
  name?: string;
  onEdit?: () => void;
  /** The record's 'Historial' button, when the person may read it. */
  history?: ReactNode;
  onDelete?: () => void;
  /** The record's own actions ('Ver Detalles', 'Subscripciones'), before the common ones. */
  children?: ReactNode;
}

/**
 * A card's buttons in the one order every card uses: its own actions, then Editar, Historial and
 * Eliminar, these three always together on one row (a narrow card moves them whole to the next).
 */
export function RecordActions({ name, onEdit, history, onDelete, children }: RecordActionsProps) {
  return (
    <>
      {children}
      <Group gap="xs" wrap="nowrap">
        {onEdit ? <EditButton name={name} onClick={onEdit} /> : null}
        {history}
        {onDelete ? <DeleteButton name={name} onClick={onDelete} /> : null}
      </Group>
    </>
  );
}
