import { Checkbox } from '@mantine/core';
import { Suspense, lazy, useRef, useState } from 'react';
import type { BulkTarget } from '../model/bulk-target';
import type { Selection } from '../model/use-selection';
import './selection-bar.css';

// The count, the actions and their dialogs are their own chunk, fetched with the first tick.
const SelectionActions = lazy(() => import('./selection-actions').then((module) => ({ default: module.SelectionActions })));

export interface SelectionBarProps {
  selection: Selection;
  target: BulkTarget;
}

/**
 * 'Seleccionar esta página' above a list, and once something is chosen 'N seleccionados', 'Seleccionar
 * los N que coinciden' and the actions the person may take. Nothing shows for an empty page.
 */
export function SelectionBar({ selection, target }: SelectionBarProps) {
  const active = selection.count > 0;
  // Loaded once, the actions stay mounted: a result shown after the selection emptied stays open.
  const [used, setUsed] = useState(active);
  const pageBox = useRef<HTMLInputElement>(null);
  if (active && !used) setUsed(true);
  if (!selection.enabled || (selection.items.length === 0 && !used)) return null;
  return (
    <div className="selection-bar" data-active={active || undefined} role="region" aria-label="Selección">
      {selection.items.length > 0 ? (
        <Checkbox
          ref={pageBox}
          label="Seleccionar esta página"
          checked={selection.page === 'all'}
          indeterminate={selection.page === 'some'}
          onChange={selection.togglePage}
          size="md"
        />
      ) : null}
      {used ? (
        <Suspense fallback={null}>
          <SelectionActions selection={selection} target={target} onCleared={() => pageBox.current?.focus()} />
        </Suspense>
      ) : null}
    </div>
  );
}
