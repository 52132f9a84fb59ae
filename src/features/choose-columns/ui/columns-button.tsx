import { Button, Loader, Popover } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { IconColumns } from '@/shared/ui/icons';
import type { ColumnsChoice } from '../model/use-table-columns';

// The list itself loads when first opened: every table screen carries only this button.
const ColumnPicker = lazy(async () => ({ default: (await import('./column-picker')).ColumnPicker }));

export interface ColumnsButtonProps {
  choice: ColumnsChoice;
  /** Each choosable column's name, by id, e.g. `{ code_ref: 'Cód' }`. */
  labels: Readonly<Record<string, string>>;
}

/** 'Columnas': a panel to show, hide and reorder the table's columns, or put back its own. */
export function ColumnsButton({ choice, labels }: ColumnsButtonProps) {
  const hidden = Object.keys(labels).length - choice.shown.length;
  return (
    // The panel closes on a click outside or Escape; it need not hide when the button scrolls out of
    // sight (jsdom, which has no layout, always says it has).
    <Popover position="bottom-end" width={300} shadow="md" trapFocus returnFocus withinPortal hideDetached={false}>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {hidden > 0 ? `Columnas (${hidden === 1 ? '1 oculta' : `${hidden} ocultas`})` : 'Columnas'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" aria-label="Cargando columnas" />}>
          <ColumnPicker choice={choice} labels={labels} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
