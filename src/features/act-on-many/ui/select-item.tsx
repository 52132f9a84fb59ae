import { Checkbox } from '@mantine/core';
import type { Selection, SelectableItem } from '../model/use-selection';

/** A record's own checkbox, named by the record for a screen reader ('Seleccionar Acme'). */
export function SelectItem({ selection, item }: { selection: Selection; item: SelectableItem }) {
  if (!selection.enabled) return null;
  return (
    <Checkbox
      aria-label={`Seleccionar ${item.label}`}
      checked={selection.isSelected(item.id)}
      onChange={() => selection.toggle(item.id)}
      size="md"
    />
  );
}
