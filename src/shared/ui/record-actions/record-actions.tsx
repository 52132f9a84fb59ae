import { Button } from '@mantine/core';
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
